/**
 * A post handed over as a raw message must be one: a header block first. Anything else
 * (an Outlook .msg, a PDF or image posted by mistake) would be stored with no sender, no subject
 * and its bytes as the body, so it is refused with a reason the poster can act on.
 */
import { AppError } from '@lp/runtime';

/** The OLE2 compound file signature, which begins every Outlook .msg. */
const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** `Name: value` (RFC 5322 field name: printable ASCII but the colon), or an mbox `From ` line. */
const FIRST_HEADER_LINE = /^(?:[!-9;-~]+[ \t]*:|From )/;

/** Throws 415 unless `raw` starts the way an Internet message does. */
export function refuseNonMime(raw: Buffer): void {
  if (raw.subarray(0, OLE2_SIGNATURE.length).equals(OLE2_SIGNATURE))
    throw new AppError(
      415,
      'unsupported_media_type',
      'This is an Outlook .msg file, not an e-mail message: forward the message, or save it as .eml, and post that',
    );
  // The first line is enough to tell: a field name is ASCII, so any byte decoding will do.
  const firstLine = raw.subarray(0, 1024).toString('latin1').split('\n', 1)[0]!;
  if (!FIRST_HEADER_LINE.test(firstLine))
    throw new AppError(
      415,
      'unsupported_media_type',
      'This is not an e-mail message: it does not begin with a header block (Name: value lines)',
    );
}

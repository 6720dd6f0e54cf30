/**
 * One post (as the gateway handed it over) → the normalised message (each parser documents its
 * provider's fields). A raw message is parsed as a stream, each attachment written to
 * `spoolDir` as it is decoded; the providers' form posts are read into memory (their fields are
 * small, and the mailer parses few posts at a time).
 */
import type { InboundSource } from '@lp/contracts';
import { AppError } from '@lp/runtime';
import type { ParsedMail } from './finish-inbound-mail.ts';
import { parseMailgun } from './parse-mailgun.ts';
import { parsePostmark } from './parse-postmark.ts';
import { parseRawMime } from './parse-raw-mime.ts';
import { refuseNonMime } from './refuse-non-mime.ts';
import { parseSendgrid } from './parse-sendgrid.ts';

/**
 * `source`: the provider whose post it is, or `test` (the staff helper's raw message).
 * `spoolDir`: where a raw message's attachments go; without it they are kept in memory.
 */
export async function parseInboundPost(
  source: InboundSource,
  body: Buffer,
  contentType: string,
  spoolDir?: string,
): Promise<ParsedMail> {
  if (body.length === 0) throw new AppError(400, 'bad_request', 'The request has no body');
  switch (source) {
    case 'raw':
    case 'test':
      refuseNonMime(body);
      return parseRawMime(body, source, spoolDir).catch((err: unknown) => {
        throw new AppError(400, 'bad_request', `The message could not be parsed: ${(err as Error).message}`);
      });
    case 'sendgrid':
      return parseSendgrid(body, contentType);
    case 'mailgun':
      return parseMailgun(body, contentType);
    case 'postmark':
      return parsePostmark(body, contentType);
  }
}

/**
 * One provider's post → the normalised message (each parser documents its provider's fields).
 * A raw message spooled to a file is parsed as a stream, its attachments spooled beside it; the
 * providers' form posts are read from the file into memory (their fields are small, and only
 * INBOUND_PARSE_CONCURRENCY posts are parsed at a time).
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { InboundProvider } from '@lp/contracts';
import { AppError } from '@lp/runtime';
import type { ParsedMail } from './finish-inbound-mail.ts';
import { parseMailgun } from './parse-mailgun.ts';
import { parsePostmark } from './parse-postmark.ts';
import { parseRawMime } from './parse-raw-mime.ts';
import { parseSendgrid } from './parse-sendgrid.ts';

/** A post's body: in memory, or a file of `size` bytes with a folder for its attachments. */
export type InboundBody = Buffer | { path: string; size: number; spoolDir: string };

export async function parseInboundPost(
  provider: InboundProvider,
  body: InboundBody,
  contentType: string,
): Promise<ParsedMail> {
  const size = Buffer.isBuffer(body) ? body.length : body.size;
  if (size === 0) throw new AppError(400, 'bad_request', 'The request has no body');
  if (provider === 'raw') {
    const raw = Buffer.isBuffer(body) ? body : createReadStream(body.path, { highWaterMark: 256 * 1024 });
    return parseRawMime(raw, 'raw', Buffer.isBuffer(body) ? undefined : body.spoolDir).catch((err: unknown) => {
      throw new AppError(400, 'bad_request', `The message could not be parsed: ${(err as Error).message}`);
    });
  }
  const bytes = Buffer.isBuffer(body) ? body : await readFile(body.path);
  switch (provider) {
    case 'sendgrid':
      return parseSendgrid(bytes, contentType);
    case 'mailgun':
      return parseMailgun(bytes, contentType);
    case 'postmark':
      return parsePostmark(bytes, contentType);
  }
}

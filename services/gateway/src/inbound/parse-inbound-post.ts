/** One provider's post → the normalised message (each parser documents its provider's fields). */
import type { InboundMail, InboundProvider } from '@lp/contracts';
import { AppError } from '@lp/runtime';
import { parseMailgun } from './parse-mailgun.ts';
import { parsePostmark } from './parse-postmark.ts';
import { parseRawMime } from './parse-raw-mime.ts';
import { parseSendgrid } from './parse-sendgrid.ts';

export async function parseInboundPost(
  provider: InboundProvider,
  body: Buffer,
  contentType: string,
): Promise<InboundMail> {
  if (body.length === 0) throw new AppError(400, 'bad_request', 'The request has no body');
  switch (provider) {
    case 'sendgrid':
      return parseSendgrid(body, contentType);
    case 'mailgun':
      return parseMailgun(body, contentType);
    case 'postmark':
      return parsePostmark(body, contentType);
    case 'raw':
      return parseRawMime(body, 'raw').catch((err: unknown) => {
        throw new AppError(400, 'bad_request', `The message could not be parsed: ${(err as Error).message}`);
      });
  }
}

/**
 * Hands a normalised message to the mailer through JetStream as a framed upload (see
 * `InboundMailPartSchema`): the message's head as JSON, then each kept attachment's bytes read
 * from memory or its temporary file, cut in parts of INBOUND_PART_BYTES (NATS refuses messages
 * over max_payload). At most one part is held at a time. Each part is a `mail.inbound.received`
 * event whose id comes from the content, so a re-post of the same message is a duplicate on the
 * bus. Resolves once every part is stored; the mailer joins them (services/mailer).
 */
import { createHash } from 'node:crypto';
import {
  eventMeta,
  INBOUND_PART_BYTES,
  INBOUND_PARTS_MAX,
  SUBJECTS,
  type InboundAccepted,
  type InboundMailHead,
  type InboundMailPart,
} from '@lp/contracts';
import { AppError, requestIdHeaders, type Bus } from '@lp/runtime';
import type { ParsedMail } from './finish-inbound-mail.ts';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** A UUID made from a hash (version 5 layout), so the same input always gives the same id. */
function uuidOf(hex: string): string {
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The upload's bytes in parts of exactly INBOUND_PART_BYTES (the last one shorter). */
async function* partsOf(sources: AsyncIterable<Buffer>[]): AsyncGenerator<Buffer> {
  let part = Buffer.allocUnsafe(INBOUND_PART_BYTES);
  let filled = 0;
  for (const source of sources)
    for await (const chunk of source) {
      for (let at = 0; at < chunk.length;) {
        const n = chunk.copy(part, filled, at);
        filled += n;
        at += n;
        if (filled === INBOUND_PART_BYTES) {
          yield part;
          part = Buffer.allocUnsafe(INBOUND_PART_BYTES);
          filled = 0;
        }
      }
    }
  if (filled > 0) yield part.subarray(0, filled);
}

/**
 * `reqId`: the HTTP request's id, carried by every part so the mailer's log names it too.
 * `signal`: aborted when the poster hung up; no part is published after (the post's parts so far
 * can never complete, and the provider posts again).
 */
export async function publishInboundMail(
  bus: Bus,
  mail: ParsedMail,
  reqId?: string,
  signal?: AbortSignal,
): Promise<InboundAccepted> {
  const kept = mail.attachments.flatMap((a) => (a.bytes ? [a.bytes] : []));
  const head: InboundMailHead = {
    ...mail,
    attachments: mail.attachments.map(({ bytes: _bytes, ...listed }) => listed),
  };
  const headData = Buffer.from(JSON.stringify(head), 'utf8');
  const total = headData.length + kept.reduce((n, b) => n + b.size, 0);
  const count = Math.ceil(total / INBOUND_PART_BYTES);
  if (count > INBOUND_PARTS_MAX) throw new AppError(413, 'payload_too_large', 'The message is too large');
  const mailKey = sha256(mail.messageId);
  // The same head with the same files is the same upload, without reading the files again.
  const uploadKey = sha256(Buffer.concat([headData, ...kept.map((b) => Buffer.from(b.sha256, 'hex'))]));
  let duplicate = true;
  let index = 0;
  const headSource = (async function* () {
    yield headData;
  })();
  for await (const data of partsOf([headSource, ...kept.map((b) => b.read())])) {
    signal?.throwIfAborted();
    const id = uuidOf(sha256(`${uploadKey}:${index}:${count}`));
    const part: InboundMailPart = {
      ...eventMeta(id),
      mailKey,
      uploadKey,
      index,
      count,
      dataBase64: data.toString('base64'),
      headBytes: headData.length,
    };
    const r = await bus.publish(SUBJECTS.inboundMailReceived, part, { msgId: id, headers: requestIdHeaders(reqId) });
    duplicate &&= r.duplicate;
    index++;
  }
  // A file that changed size under us would shift every later part: never publish that as whole.
  if (index !== count) throw new Error(`inbound upload produced ${index} parts, expected ${count}`);
  return { messageId: mail.messageId, duplicate };
}

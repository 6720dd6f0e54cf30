/**
 * Hands a normalised message to the mailer through JetStream: its JSON cut in parts of
 * INBOUND_PART_BYTES (NATS refuses messages over max_payload), each a `mail.inbound.received`
 * event whose id comes from the content, so a re-post of the same message is a duplicate on
 * the bus. Resolves once every part is stored; the mailer joins them (services/mailer).
 */
import { createHash } from 'node:crypto';
import {
  eventMeta,
  INBOUND_PART_BYTES,
  INBOUND_PARTS_MAX,
  SUBJECTS,
  type InboundAccepted,
  type InboundMail,
  type InboundMailPart,
} from '@lp/contracts';
import { AppError, requestIdHeaders, type Bus } from '@lp/runtime';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** A UUID made from a hash (version 5 layout), so the same input always gives the same id. */
function uuidOf(hex: string): string {
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** `reqId`: the HTTP request's id, carried by every part so the mailer's log names it too. */
export async function publishInboundMail(bus: Bus, mail: InboundMail, reqId?: string): Promise<InboundAccepted> {
  const data = Buffer.from(JSON.stringify(mail), 'utf8');
  const count = Math.ceil(data.length / INBOUND_PART_BYTES);
  if (count > INBOUND_PARTS_MAX) throw new AppError(413, 'payload_too_large', 'The message is too large');
  const mailKey = sha256(mail.messageId);
  const uploadKey = sha256(data);
  let duplicate = true;
  for (let index = 0; index < count; index++) {
    const id = uuidOf(sha256(`${uploadKey}:${index}:${count}`));
    const part: InboundMailPart = {
      ...eventMeta(id),
      mailKey,
      uploadKey,
      index,
      count,
      dataBase64: data.subarray(index * INBOUND_PART_BYTES, (index + 1) * INBOUND_PART_BYTES).toString('base64'),
    };
    const r = await bus.publish(SUBJECTS.inboundMailReceived, part, { msgId: id, headers: requestIdHeaders(reqId) });
    duplicate &&= r.duplicate;
  }
  return { messageId: mail.messageId, duplicate };
}

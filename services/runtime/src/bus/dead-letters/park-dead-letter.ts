/** Stores one dead letter; parking the same message again (a lost term, redelivered) is a no-op. */
import type { Knex } from 'knex';
import { markUnstorable, type DeadLetterReason } from '@lp/contracts';
import type { Headers } from '../types.ts';

export type ParkedMessage = {
  stream: string;
  subject: string;
  seq: number;
  msgId: string | undefined;
  headers: Headers;
  payload: Uint8Array;
  durable: string;
  reason: DeadLetterReason;
  detail: string;
};

// PostgreSQL refuses NUL (and jsonb an unpaired surrogate); a reason quoting bad input must
// still be storable.
const storableText = markUnstorable;

export async function parkDeadLetter(knex: Knex, m: ParkedMessage): Promise<void> {
  const headers = Object.fromEntries(Object.entries(m.headers).map(([k, val]) => [storableText(k), storableText(val)]));
  await knex
    .withSchema('bus')
    .table('dead_letters')
    .insert({
      stream: m.stream,
      subject: storableText(m.subject),
      seq: m.seq,
      msg_id: m.msgId === undefined ? null : storableText(m.msgId),
      headers: JSON.stringify(headers),
      payload: Buffer.from(m.payload),
      durable: m.durable,
      reason: m.reason,
      detail: storableText(m.detail).slice(0, 2000),
    })
    .onConflict(['stream', 'durable', 'seq', 'msg_id'])
    .ignore();
}

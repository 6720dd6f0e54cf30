/** A `bus.dead_letters` row as the API shows it. */
import type { DeadLetter } from '@lp/contracts';
import type { DeadLetterRow } from '../bus-rows.ts';

export type { DeadLetterRow };

/** `payload_bytes`: set when the query returned only the first part of the payload. */
export function deadLetterFromRow(r: DeadLetterRow & { payload_bytes?: number }): DeadLetter {
  const payload = Buffer.from(r.payload);
  return {
    id: String(r.id),
    stream: r.stream,
    subject: r.subject,
    seq: r.seq,
    msgId: r.msg_id,
    headers: r.headers,
    payload: payload.toString('utf8'),
    payloadBytes: r.payload_bytes ?? payload.byteLength,
    durable: r.durable,
    reason: r.reason,
    detail: r.detail,
    parkedAt: r.parked_at.toISOString(),
    replayedAt: r.replayed_at?.toISOString() ?? null,
    replayMsgId: r.replay_msg_id,
  };
}

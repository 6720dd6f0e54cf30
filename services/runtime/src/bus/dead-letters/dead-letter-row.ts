/** A `bus.dead_letters` row as the API shows it. */
import type { DeadLetter, DeadLetterReason } from '@lp/contracts';

export type DeadLetterRow = {
  id: number | string;
  stream: string;
  subject: string;
  seq: number | string;
  msg_id: string | null;
  headers: Record<string, string> | string;
  payload: Uint8Array;
  /** Set when the query returned only the first part of the payload. */
  payload_bytes?: number | string;
  durable: string;
  reason: DeadLetterReason;
  detail: string;
  parked_at: Date | string;
  replayed_at: Date | string | null;
  replay_msg_id: string | null;
};

const iso = (d: Date | string) => new Date(d).toISOString();

export function deadLetterFromRow(r: DeadLetterRow): DeadLetter {
  const payload = Buffer.from(r.payload);
  return {
    id: String(r.id),
    stream: r.stream,
    subject: r.subject,
    seq: Number(r.seq),
    msgId: r.msg_id,
    headers: typeof r.headers === 'string' ? (JSON.parse(r.headers) as Record<string, string>) : r.headers,
    payload: payload.toString('utf8'),
    payloadBytes: r.payload_bytes === undefined ? payload.byteLength : Number(r.payload_bytes),
    durable: r.durable,
    reason: r.reason,
    detail: r.detail,
    parkedAt: iso(r.parked_at),
    replayedAt: r.replayed_at === null ? null : iso(r.replayed_at),
    replayMsgId: r.replay_msg_id,
  };
}

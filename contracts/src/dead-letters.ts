/**
 * Dead letters as staff see them (`GET /api/marketing/ops/dead-letters`, newest first, a page
 * at a time) and the answer of a replay (`POST /api/marketing/ops/dead-letters/{id}/replay`).
 * A dead letter is a message a consumer could never handle, parked with its reason.
 */
import * as v from 'valibot';

/** Why a message was parked: not JSON, failed its schema, or its handler said it never can succeed. */
export const DEAD_LETTER_REASONS = ['not_json', 'invalid', 'permanent'] as const;
export type DeadLetterReason = (typeof DEAD_LETTER_REASONS)[number];

const iso = v.pipe(v.string(), v.isoTimestamp());

export const DeadLetterSchema = v.object({
  /** Decimal digits (a bigserial); the cursor of the next page is the last one shown. */
  id: v.pipe(v.string(), v.regex(/^\d+$/)),
  stream: v.string(),
  subject: v.string(),
  seq: v.number(),
  msgId: v.nullable(v.string()),
  headers: v.record(v.string(), v.string()),
  /**
   * The payload as UTF-8 text (bytes that are not UTF-8 show as U+FFFD); in the list, its first
   * DEAD_LETTER_PAYLOAD_PREVIEW_BYTES only.
   */
  payload: v.string(),
  /** The stored payload's full size. */
  payloadBytes: v.number(),
  durable: v.string(),
  reason: v.picklist(DEAD_LETTER_REASONS),
  detail: v.string(),
  parkedAt: iso,
  replayedAt: v.nullable(iso),
  /** The message id the replay was published with. */
  replayMsgId: v.nullable(v.string()),
});
export type DeadLetter = v.InferOutput<typeof DeadLetterSchema>;

export const DEAD_LETTER_PAGE_MAX = 100;
/** How much of each payload the list shows. */
export const DEAD_LETTER_PAYLOAD_PREVIEW_BYTES = 16 * 1024;

/** The list's query string: `limit` (1–100, default 20) and `cursor` (the last id of the previous page). */
export const DeadLetterListQuerySchema = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'limit must be a number from 1 to 100'),
      v.transform(Number),
      v.minValue(1, 'limit must be a number from 1 to 100'),
      v.maxValue(DEAD_LETTER_PAGE_MAX, 'limit must be a number from 1 to 100'),
    ),
    '20',
  ),
  cursor: v.optional(v.pipe(v.string(), v.regex(/^\d{1,18}$/, 'cursor must be an id from a previous page'))),
});
export type DeadLetterListQuery = v.InferOutput<typeof DeadLetterListQuerySchema>;

export const DeadLetterPageSchema = v.object({
  items: v.array(DeadLetterSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: v.nullable(v.string()),
});
export type DeadLetterPage = v.InferOutput<typeof DeadLetterPageSchema>;

export const DeadLetterReplayedSchema = v.object({
  id: v.string(),
  subject: v.string(),
  msgId: v.string(),
  replayedAt: iso,
});
export type DeadLetterReplayed = v.InferOutput<typeof DeadLetterReplayedSchema>;

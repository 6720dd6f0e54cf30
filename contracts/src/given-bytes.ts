/**
 * Bytes named in a request or reply between two processes (an image, a message body, an
 * attachment). Small ones come inline, saving the large-payload store's round trips (a put, a
 * read and a delete, several milliseconds each); anything larger is handed over: stored under
 * a key in the bus's large payloads (`LARGE_PAYLOADS`), which the message names. The giver
 * picks by size and the taker reads either (runtime's `giveBytes` / `takeBytes`).
 */
import * as v from 'valibot';
import { LARGE_PAYLOADS } from './subjects.ts';

/**
 * The most bytes that come inline: a quarter of `max_payload`, so their base64 (a third more)
 * and the rest of the message stay far under it.
 */
export const GIVEN_INLINE_MAX_BYTES = 256 * 1024;

/** A large payload's key: letters, digits, `-`, `_`, `.`, up to 200 (a hash, a UUID, a prefix). */
export const LARGE_PAYLOAD_KEY_PATTERN = /^[A-Za-z0-9_.-]{1,200}$/;

const size = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max));

export const GivenBytesSchema = v.union([
  v.object({
    size: size(GIVEN_INLINE_MAX_BYTES),
    dataBase64: v.pipe(
      v.string(),
      v.maxLength(Math.ceil(GIVEN_INLINE_MAX_BYTES / 3) * 4),
      v.regex(/^[A-Za-z0-9+/]*={0,2}$/),
    ),
  }),
  v.object({
    size: size(LARGE_PAYLOADS.maxPayloadBytes),
    key: v.pipe(v.string(), v.regex(LARGE_PAYLOAD_KEY_PATTERN)),
  }),
]);
export type GivenBytes = v.InferOutput<typeof GivenBytesSchema>;

/**
 * One Idempotency-Key per payload: submitting the same payload again (a retry after a failure,
 * a double click) reuses the key, so the server stores one submission; any edit gets a new key.
 * After a success the keeper is reset, so a deliberate second message is a new request.
 */
import { createUuid } from '../../../lib/create-uuid';

/** JSON with sorted keys, so field order never changes the fingerprint. */
export function fingerprintOf(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

type IdempotencyKeeper = { keyFor: (payload: unknown) => string; reset: () => void };

export function createIdempotencyKeeper(newKey: () => string = createUuid): IdempotencyKeeper {
  let last: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(payload) {
      const fingerprint = fingerprintOf(payload);
      if (last?.fingerprint !== fingerprint) last = { fingerprint, key: newKey() };
      return last.key;
    },
    reset() {
      last = null;
    },
  };
}

/**
 * Handing bytes over `max_payload` from one process to another through the bus's large
 * payloads: the giver stores them under a fresh key and names the key in its request, reply or
 * event; the taker reads them and deletes the key. What a taker never takes (it crashed, the
 * request timed out) leaves with the store's age limit.
 */
import { randomUUID } from 'node:crypto';
import type { Bus } from './types.ts';

/** The key named no longer holds anything: taken already, or past the store's age. */
export class HandOverMissingError extends Error {
  override name = 'HandOverMissingError';
  constructor(readonly key: string) {
    super(`nothing is stored under ${key}`);
  }
}

/** Stores `data` under `<prefix>-<uuid>` and gives the key and size to name in a message. */
export async function handOver(
  bus: Bus,
  prefix: string,
  data: Uint8Array | AsyncIterable<Uint8Array>,
): Promise<{ key: string; size: number }> {
  const key = `${prefix}-${randomUUID()}`;
  const { size } = await bus.putLarge(key, data);
  return { key, size };
}

/**
 * The bytes handed over under `key`. `keep` runs with them before the key is deleted (store them
 * first, then let go: a failure inside leaves the key for a retry).
 */
export async function takeOver<T>(bus: Bus, key: string, keep: (data: Buffer) => Promise<T>): Promise<T> {
  const data = await bus.getLarge(key);
  if (!data) throw new HandOverMissingError(key);
  const kept = await keep(data);
  await bus.deleteLarge(key);
  return kept;
}

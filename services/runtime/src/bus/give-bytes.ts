/**
 * One rule for bytes named in a request or reply (contracts' `GivenBytes`): up to
 * `GIVEN_INLINE_MAX_BYTES` they come inline, since a hand-over costs a put, a read and a delete
 * in the large-payload store; above it they are handed over (`handOver` / `takeOver`), as NATS
 * refuses a message over `max_payload`.
 */
import { AppError } from '../errors.ts';
import { GIVEN_INLINE_MAX_BYTES, type GivenBytes } from '@lp/contracts';
import { handOver, takeOver } from './hand-over.ts';
import type { Bus } from './types.ts';

/** `data` as a message names it: inline when small, else handed over under `<prefix>-<uuid>`. */
export async function giveBytes(bus: Bus, prefix: string, data: Buffer): Promise<GivenBytes> {
  if (data.length <= GIVEN_INLINE_MAX_BYTES) return { size: data.length, dataBase64: data.toString('base64') };
  return handOver(bus, prefix, data);
}

/**
 * The bytes a message names. `keep` runs with them; a hand-over is deleted once it succeeded
 * (a failure inside leaves it for a retry, see `takeOver`).
 */
export async function takeBytes<T>(bus: Bus, given: GivenBytes, keep: (data: Buffer) => Promise<T>): Promise<T> {
  if ('dataBase64' in given) return keep(checkedSize(Buffer.from(given.dataBase64, 'base64'), given.size));
  return takeOver(bus, given.key, (data) => keep(checkedSize(data, given.size)));
}

// A size that differs means the two ends disagree (a bug, or bytes replaced under the key).
function checkedSize(data: Buffer, size: number): Buffer {
  if (data.length !== size)
    throw new AppError(502, 'internal', `${data.length} bytes were given where ${size} were named`);
  return data;
}

/**
 * Sorts a database failure for a consumer: a data exception (SQLSTATE class 22: a value out of
 * range, a NUL in text, bad JSON) or an integrity violation (class 23: a constraint the row can
 * never meet) fails on every try, so it becomes a `PermanentError` and the message is parked.
 * Everything else — connection refused or lost (08xxx), timeouts, serialization failures and
 * deadlocks (40001, 40P01), an administrator shutdown (57P01) — is rethrown as it is and retried
 * with back-off. A duplicate that the query itself ignores (ON CONFLICT DO NOTHING) never gets here.
 */
import { PermanentError } from '../errors.ts';

const sqlState = (err: unknown): string | undefined => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
};

export function isPermanentDbError(err: unknown): boolean {
  const code = sqlState(err);
  return code !== undefined && (code.startsWith('22') || code.startsWith('23'));
}

/** Use as `.catch(rethrowDbError)` around a consumer's query. */
export function rethrowDbError(err: unknown): never {
  if (isPermanentDbError(err))
    throw new PermanentError(`database refused the message (${sqlState(err)}): ${(err as Error).message}`, {
      cause: err,
    });
  throw err;
}

/**
 * A save refused because the record was saved by someone else after this copy was opened: a
 * 409 `conflict` without field errors (a slug or name clash names its field). Its message is
 * the record's "… was changed since you opened it".
 */
import { ApiError } from './api-request';

export function staleEditMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const e = error.envelope?.error;
  if (!e || e.code !== 'conflict' || e.details?.fields) return null;
  return e.message;
}

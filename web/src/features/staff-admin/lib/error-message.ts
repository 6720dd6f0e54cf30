/** The text to show staff for a failed request: the server's envelope message when there is one. */
import { ApiError } from '../../../lib/api-request';

export function errorMessage(error: unknown, fallback = 'Please try again.'): string {
  if (error instanceof ApiError) return error.envelope?.error.message ?? fallback;
  return fallback;
}

/** The server's first message for one field of a 400, if any. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.envelope?.error.details?.fields?.[field]?.[0] : undefined;
}

/**
 * The text to show staff for a failed request: the server's envelope message when there is one,
 * a plain word when the server could not be reached, else the caller's fallback. Never the raw
 * status and body.
 */
import { ApiError } from './api-request';

export const UNREACHABLE = 'The server could not be reached. Please check your connection and try again.';

export function errorMessage(error: unknown, fallback = 'Please try again.'): string {
  if (error instanceof ApiError) return error.envelope?.error.message ?? (error.status === 0 ? UNREACHABLE : fallback);
  // fetch itself fails with a TypeError when the request never got an answer.
  if (error instanceof TypeError) return UNREACHABLE;
  return fallback;
}

/** The server's first message for one field of a 400, if any. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.envelope?.error.details?.fields?.[field]?.[0] : undefined;
}

/** Every field the server named in a 400, with its first message (none: an empty object). */
export function fieldErrors(error: unknown): Record<string, string> {
  const fields = error instanceof ApiError ? error.envelope?.error.details?.fields : undefined;
  const first: Record<string, string> = {};
  for (const [name, messages] of Object.entries(fields ?? {})) if (messages[0]) first[name] = messages[0];
  return first;
}

/** The text to show staff for a failed request: the server's envelope message when there is one. */
import { ApiError } from '../../../lib/api-request';

export function errorMessage(error: unknown, fallback = 'Please try again.'): string {
  if (error instanceof ApiError) return error.envelope?.error.message ?? error.message;
  return fallback;
}

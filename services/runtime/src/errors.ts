/**
 * Typed errors with an HTTP status and a stable code. Thrown anywhere, turned into the one
 * error envelope by the gateway's error handler and by RPC replies.
 */
import type { ErrorCode, ErrorDetails, ErrorEnvelope } from '@lp/contracts';

export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toEnvelope(): ErrorEnvelope {
    return { error: { message: this.message, code: this.code, ...(this.details ? { details: this.details } : {}) } };
  }
}

export const badRequest = (message: string, details?: ErrorDetails) =>
  new AppError(400, 'validation_failed', message, details);
export const unauthorized = (message = 'Sign in to continue') => new AppError(401, 'unauthorized', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const unavailable = (message: string) => new AppError(503, 'unavailable', message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', message, { retryAfterSeconds });

/** A message that can never succeed: consumers terminate it instead of retrying forever. */
export class PermanentError extends Error {
  override name = 'PermanentError';
}

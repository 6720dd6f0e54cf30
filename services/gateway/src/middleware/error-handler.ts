/**
 * The one error handler: typed AppErrors become the envelope with their status; body-parser
 * errors become 4xx; anything else is logged with the request id and answered as a plain 500
 * (internals never reach the client).
 */
import type { Middleware } from 'koa';
import { AppError } from '@lp/runtime';
import type { GatewayState } from './request-context.ts';

type HttpishError = Error & { status?: number; statusCode?: number; expose?: boolean; type?: string };

export function errorHandler(): Middleware<GatewayState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (raw) {
      const err = raw as HttpishError;
      let appErr: AppError;
      if (err instanceof AppError) appErr = err;
      else {
        const status = err.status ?? err.statusCode ?? 500;
        if (status === 413) appErr = new AppError(413, 'payload_too_large', 'The request is too large');
        else if (status === 415) appErr = new AppError(415, 'unsupported_media_type', 'Send JSON');
        else if (status >= 400 && status < 500)
          appErr = new AppError(status, 'bad_request', err.expose ? err.message : 'The request could not be read');
        else {
          ctx.state.log?.error({ err }, 'unhandled error');
          appErr = new AppError(500, 'internal', 'Something went wrong on our side. Please try again.');
        }
      }
      if ((appErr.status === 429 || appErr.status === 503) && appErr.details?.retryAfterSeconds)
        ctx.set('Retry-After', String(appErr.details.retryAfterSeconds));
      ctx.status = appErr.status;
      ctx.body = appErr.toEnvelope();
    }
  };
}

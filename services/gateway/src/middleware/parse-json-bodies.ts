/**
 * JSON request bodies, parsed after the session check so an anonymous request never gets a
 * large body read: 64 KB for public endpoints (form submissions), 1 MB for signed-in staff (articles)
 * and for mail providers' event webhooks (batches).
 * Other content types are left unread (image uploads read their raw body themselves), and so
 * are inbound mail webhooks (`/api/inbound/*`), which read theirs after checking their secret.
 *
 * Whatever goes wrong while reading or decoding a body (a Content-Encoding the bytes do not
 * match, an unknown encoding or charset, invalid JSON, a body over the limit) is the client's
 * 4xx, never a 500; and the connection is closed after the answer, because the rest of a body
 * that was refused part-way is still on the socket and would be read as the next request.
 */
import { koaBody } from 'koa-body';
import type { Middleware } from 'koa';
import { AppError } from '@lp/runtime';
import type { GatewayState } from './request-context.ts';

const options = (jsonLimit: string) =>
  ({
    json: true,
    multipart: false,
    urlencoded: false,
    text: false,
    jsonLimit,
    jsonStrict: true,
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  }) as Parameters<typeof koaBody>[0];

type ReadError = Error & { status?: number; statusCode?: number; code?: string; type?: string };

/** The 4xx a body-reading failure stands for. */
export function bodyReadError(raw: unknown): AppError {
  if (raw instanceof AppError) return raw;
  const err = raw as ReadError;
  const status = err.status ?? err.statusCode;
  if (status === 413) return new AppError(413, 'payload_too_large', 'The request is too large');
  if (status === 415 || err.type === 'encoding.unsupported' || err.type === 'charset.unsupported')
    return new AppError(415, 'unsupported_media_type', 'Send JSON in UTF-8, uncompressed or gzip/deflate/br encoded');
  // zlib's errors (Z_DATA_ERROR, Z_BUF_ERROR, brotli's ERR_*) carry no HTTP status: the body
  // does not match its Content-Encoding.
  if (status === undefined && typeof err.code === 'string' && /^(Z_|ERR_)/.test(err.code))
    return new AppError(400, 'bad_request', 'The request body does not match its Content-Encoding');
  return new AppError(400, 'bad_request', 'The request body could not be read');
}

export function parseJsonBodies(): Middleware<GatewayState> {
  const publicBodies = koaBody(options('64kb')) as unknown as Middleware<GatewayState>;
  const staffBodies = koaBody(options('1mb')) as unknown as Middleware<GatewayState>;
  return async (ctx, next) => {
    // Inbound mail webhooks check their secret first, then read their own (larger) bodies.
    if (ctx.path.startsWith('/api/inbound/')) return next();
    // Provider webhooks batch events (SendGrid: up to 768 KB); their secret is checked after.
    const large = ctx.state.session || ctx.path.startsWith('/api/email-events/');
    const parse = large ? staffBodies : publicBodies;
    let parsed = false;
    try {
      await parse(ctx, () => {
        parsed = true;
        return next();
      });
    } catch (err) {
      if (parsed) throw err;
      ctx.set('Connection', 'close');
      throw bodyReadError(err);
    }
  };
}

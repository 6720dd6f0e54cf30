/**
 * Conditional GET for every cacheable response (pages, assets, blog, media): a strong ETag over the exact bytes sent and
 * a Last-Modified; 304 with no body when the client's copy is current. Evaluated as RFC 9110
 * §13.2.2 says: If-None-Match when present (weak comparison), else If-Modified-Since. A request
 * `Cache-Control: no-cache` does not prevent a 304 (fetch() adds it to every hand-made
 * conditional request; Koa's `ctx.fresh` would then never match). `no-cache` in the response
 * lets browsers and CDNs keep a copy but revalidate it, so a publish shows on the next request.
 */
import { createHash } from 'node:crypto';
import type { ParameterizedContext } from 'koa';

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** True when the request's validators match the response's (the client's copy is current). */
export function isNotModified(ifNoneMatch: string, ifModifiedSince: string, etag: string, lastModified: Date): boolean {
  if (ifNoneMatch) return ifNoneMatch.split(',').some((t) => t.trim() === '*' || opaque(t) === opaque(etag));
  if (!ifModifiedSince) return false;
  const since = Date.parse(ifModifiedSince);
  // Last-Modified is sent with one-second resolution; compare at that resolution.
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

export function sendCacheable(
  ctx: ParameterizedContext,
  body: unknown,
  opts: { lastModified: string | Date; type?: string; cacheControl?: string },
): void {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const etag = `"${createHash('sha256').update(payload).digest('base64url').slice(0, 32)}"`;
  const lastModified = new Date(opts.lastModified);
  ctx.set('ETag', etag);
  ctx.lastModified = lastModified;
  ctx.set('Cache-Control', opts.cacheControl ?? 'public, no-cache');
  if (isNotModified(ctx.get('if-none-match'), ctx.get('if-modified-since'), etag, lastModified)) {
    ctx.status = 304;
    return;
  }
  ctx.status = 200;
  ctx.type = opts.type ?? 'application/json; charset=utf-8';
  ctx.body = payload;
}

/**
 * Staff sessions on every request: the httpOnly cookie (browsers) or `Authorization: Bearer`
 * (scripts). The guard refuses every `/api/marketing*` route but sign-in without a valid
 * session, and refuses cookie-authenticated writes that do not prove they come from this
 * site's own pages (bearer-token requests carry no ambient credential and are not checked).
 * Every staff answer says `Cache-Control: no-store`.
 */
import type { Middleware } from 'koa';
import type { Knex } from '@lp/runtime';
import { SESSION_COOKIE } from '@lp/contracts';
import { AppError, unauthorized } from '@lp/runtime';
import { hashToken } from '../auth/tokens.ts';
import { findActiveSession } from '../queries/staff-sessions.ts';
import type { GatewayState } from './request-context.ts';

export const PUBLIC_STAFF_PATHS = new Set(['/api/marketing/auth/login']);
const PROTECTED = /^\/api\/marketing(-dashboard)?(\/|$)/;

/** The origin (scheme, host, port) of a URL, or null when it is not one (then it matches none). */
const originOf = (url: string) => {
  try {
    const o = new URL(url).origin;
    return o === 'null' ? null : o;
  } catch {
    return null;
  }
};

/**
 * Whether a cookie-authenticated write comes from this site's own pages: a same-origin
 * `Origin` (scheme, host and port; browsers send it on every POST, PUT, PATCH and DELETE),
 * else `Sec-Fetch-Site: same-origin`, else a same-origin `Referer`. A request with none of
 * them is refused: a cookie alone proves nothing about who made the page that sent it. The
 * site's own origin is the request's as the client addressed it (behind TRUST_PROXY, the
 * scheme and host the proxy forwarded).
 */
export function isSameOriginRequest(headers: { origin: string; secFetchSite: string; referer: string }, own: string) {
  const self = originOf(own);
  if (!self) return false;
  if (headers.origin) return originOf(headers.origin) === self;
  if (headers.secFetchSite) return headers.secFetchSite === 'same-origin';
  if (headers.referer) return originOf(headers.referer) === self;
  return false;
}

/**
 * The path as a router could read it: percent-decoded, lower-cased, repeated slashes folded.
 * The guard judges this form, so no other spelling of a staff route slips past it.
 */
export function normalizePath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is matched as written; no router decodes it either.
  }
  return decoded.toLowerCase().replace(/\/{2,}/g, '/');
}

export const isProtectedPath = (path: string) => {
  const p = normalizePath(path);
  return PROTECTED.test(p) && !PUBLIC_STAFF_PATHS.has(p);
};

export function readSession(knex: Knex): Middleware<GatewayState> {
  return async (ctx, next) => {
    if (!PROTECTED.test(normalizePath(ctx.path))) return next();
    // Staff answers (sign-in's token included) are never kept by a browser or proxy cache.
    ctx.set('Cache-Control', 'no-store');
    const bearer = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
    const token = bearer ?? ctx.cookies.get(SESSION_COOKIE);
    if (token && token.length <= 200) {
      const s = await findActiveSession(knex, hashToken(token));
      if (s) {
        ctx.state.session = { userId: s.userId, username: s.username, sessionId: s.sessionId, role: s.role };
        ctx.state.sessionExpiresAt = s.expiresAt;
        ctx.state.log = ctx.state.log.child({ staff: s.username });
        const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(ctx.method);
        const headers = {
          origin: ctx.get('origin'),
          secFetchSite: ctx.get('sec-fetch-site'),
          referer: ctx.get('referer'),
        };
        // Not `ctx.origin`: since Koa 3 that is the request's Origin header, not the site's.
        const own = `${ctx.protocol}://${ctx.host}`;
        if (!bearer && unsafe && !isSameOriginRequest(headers, own))
          throw new AppError(403, 'forbidden', 'Cross-site request refused');
      }
    }
    return next();
  };
}

export function requireStaff(): Middleware<GatewayState> {
  return async (ctx, next) => {
    if (isProtectedPath(ctx.path) && !ctx.state.session) throw unauthorized();
    return next();
  };
}

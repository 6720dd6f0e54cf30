/**
 * Staff sessions on every request: the httpOnly cookie (browsers) or `Authorization: Bearer`
 * (scripts). The guard refuses every `/api/marketing*` route but sign-in without a valid
 * session, and refuses cookie-authenticated writes from another origin.
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

/** The host of an Origin header, or null when it is not a URL (then it matches no host). */
const hostOf = (origin: string) => {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
};

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
    const bearer = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
    const token = bearer ?? ctx.cookies.get(SESSION_COOKIE);
    if (token && token.length <= 200) {
      const s = await findActiveSession(knex, hashToken(token));
      if (s) {
        ctx.state.session = { userId: s.userId, username: s.username, sessionId: s.sessionId };
        ctx.state.sessionExpiresAt = s.expiresAt;
        ctx.state.log = ctx.state.log.child({ staff: s.username });
        const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(ctx.method);
        const origin = ctx.get('origin');
        if (!bearer && unsafe && origin && hostOf(origin) !== ctx.host)
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

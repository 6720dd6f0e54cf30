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

export const isProtectedPath = (path: string) => PROTECTED.test(path) && !PUBLIC_STAFF_PATHS.has(path);

export function readSession(knex: Knex): Middleware<GatewayState> {
  return async (ctx, next) => {
    if (!PROTECTED.test(ctx.path)) return next();
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

/**
 * Staff sign-in: `POST /api/marketing/auth/login` (throttled per username and per IP),
 * `GET /api/marketing/auth/session`, `POST /api/marketing/auth/logout` (revokes server-side).
 */
import { LoginRequestSchema, SESSION_COOKIE, type LoginResponse, type SessionInfo } from '@lp/contracts';
import { AppError, rateLimited } from '@lp/runtime';
import { dummyHash, verifyPassword } from '../auth/passwords.ts';
import { hashToken, newSessionToken } from '../auth/tokens.ts';
import { validate } from '../middleware/validate.ts';
import { RateLimiter } from '../middleware/rate-limit.ts';
import { findStaffUser } from '../queries/find-staff-user.ts';
import { createSession, revokeSession } from '../queries/staff-sessions.ts';
import { type GatewayDeps, createRouter } from './context.ts';

const FIFTEEN_MINUTES = 15 * 60_000;

export function authRoutes({ config, knex, counters }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing/auth' });
  const byUser = new RateLimiter(config.LOGIN_MAX_FAILURES_PER_USER, FIFTEEN_MINUTES);
  const byIp = new RateLimiter(config.LOGIN_MAX_FAILURES_PER_IP, FIFTEEN_MINUTES);
  const secure = config.COOKIE_SECURE ?? config.NODE_ENV === 'production';

  router.post('/login', async (ctx) => {
    const { username, password } = validate(LoginRequestSchema, ctx.request.body);
    const userKey = username.toLowerCase();
    const wait = Math.max(byUser.retryAfter(userKey), byIp.retryAfter(ctx.ip));
    if (wait > 0) {
      counters.inc('gateway_logins_total', { result: 'throttled' });
      throw rateLimited('Too many failed sign-in attempts. Please wait and try again.', wait);
    }
    const user = await findStaffUser(knex, username);
    const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
    if (!user || !ok) {
      byUser.hit(userKey);
      byIp.hit(ctx.ip);
      counters.inc('gateway_logins_total', { result: 'failed' });
      ctx.state.log.warn({ username }, 'failed sign-in');
      throw new AppError(401, 'unauthorized', 'Invalid username or password');
    }
    byUser.reset(userKey);
    const token = newSessionToken();
    const expiresAt = new Date(Date.now() + config.SESSION_TTL_HOURS * 3_600_000);
    await createSession(knex, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt,
      userAgent: ctx.get('user-agent').slice(0, 300) || null,
    });
    ctx.cookies.set(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: '/',
      expires: expiresAt,
    });
    counters.inc('gateway_logins_total', { result: 'ok' });
    ctx.state.log.info({ username: user.username }, 'signed in');
    const body: LoginResponse = {
      token,
      user: { id: user.id, username: user.username },
      expiresAt: expiresAt.toISOString(),
    };
    ctx.body = body;
  });

  router.get('/session', (ctx) => {
    const s = ctx.state.session!;
    const body: SessionInfo = {
      user: { id: s.userId, username: s.username },
      expiresAt: (ctx.state.sessionExpiresAt ?? new Date()).toISOString(),
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.post('/logout', async (ctx) => {
    await revokeSession(knex, ctx.state.session!.sessionId);
    ctx.cookies.set(SESSION_COOKIE, '', {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: '/',
      expires: new Date(0),
    });
    ctx.status = 204;
  });

  return router;
}

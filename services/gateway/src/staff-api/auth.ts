/**
 * Staff sign-in: `POST /api/marketing/auth/login` (throttled per username+address and per
 * address in counters every replica shares, reserved before the password is hashed; hashes
 * capped per process and shared fairly between client addresses),
 * `GET /api/marketing/auth/session`, `POST /api/marketing/auth/logout` (revokes server-side).
 */
import type { ParameterizedContext } from 'koa';
import { LoginRequestSchema, SESSION_COOKIE, type LoginResponse, type SessionInfo } from '@lp/contracts';
import { AppError, rateLimited } from '@lp/runtime';
import { HashGate, HashGateFullError } from '../auth/hash-gate.ts';
import { LoginThrottle } from '../auth/login-throttle.ts';
import { dummyHash, verifyPassword } from '../auth/passwords.ts';
import { hashToken, newSessionToken } from '../auth/tokens.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { GatewayState } from '../middleware/request-context.ts';
import { validate } from '../middleware/validate.ts';
import { findStaffUser } from '../queries/find-staff-user.ts';
import { createSession, revokeSession } from '../queries/staff-sessions.ts';
import { type GatewayDeps, createRouter } from '../routes/context.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
/** Seconds a sign-in refused by the hash gate is asked to wait. */
const BUSY_RETRY_SECONDS = 5;

/**
 * A Secure cookie cannot be set over plain HTTP (Koa throws). The gateway refuses to start in
 * that set-up (see platform.ts); behind a proxy that forgets X-Forwarded-Proto it is explained.
 */
function requireHttpsFor(ctx: ParameterizedContext<GatewayState>, secure: boolean) {
  if (secure && !ctx.secure)
    throw new AppError(
      403,
      'forbidden',
      'Sign-in needs an HTTPS connection. If TLS ends at a proxy, it must send X-Forwarded-Proto: https.',
    );
}

export function authRoutes({ config, knex, log, counters }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing/auth' });
  const throttle = new LoginThrottle({
    knex,
    log,
    maxPerUserAddress: config.LOGIN_MAX_FAILURES_PER_USER,
    maxPerAddress: config.LOGIN_MAX_FAILURES_PER_IP,
    windowMs: FIFTEEN_MINUTES,
    onLockout: (scope) => counters.inc('auth_lockouts_total', { scope }),
  });
  const hashes = new HashGate({
    concurrency: config.LOGIN_MAX_CONCURRENT_HASHES,
    queue: config.LOGIN_HASH_QUEUE,
    perAddress: config.LOGIN_HASHES_PER_ADDRESS,
  });
  const secure = config.COOKIE_SECURE ?? config.NODE_ENV === 'production';

  router.post('/login', async (ctx) => {
    const { username, password } = validate(LoginRequestSchema, ctx.request.body);
    requireHttpsFor(ctx, secure);
    const attempt = await throttle.reserve(username, ctx.ip);
    if (!attempt.ok) {
      counters.inc('gateway_logins_total', { result: 'throttled' });
      throw rateLimited('Too many failed sign-in attempts. Please wait and try again.', attempt.retryAfterSeconds);
    }
    const user = await findStaffUser(knex, username);
    let ok: boolean;
    try {
      ok = await hashes.run(ctx.ip, async () => verifyPassword(password, user?.password_hash ?? (await dummyHash())), {
        clean: attempt.clean,
      });
    } catch (err) {
      if (!(err instanceof HashGateFullError)) throw err;
      // The reserved attempt stays counted: refusing a flood must not make flooding free.
      if (err.scope === 'address') {
        counters.inc('gateway_logins_total', { result: 'throttled' });
        throw rateLimited(
          'Too many sign-ins at once from your connection. Please wait and try again.',
          BUSY_RETRY_SECONDS,
        );
      }
      counters.inc('gateway_logins_total', { result: 'busy' });
      ctx.set('Retry-After', String(BUSY_RETRY_SECONDS));
      throw new AppError(503, 'unavailable', 'Too many sign-ins at once. Please try again in a few seconds.');
    }
    // A disabled account is refused like a wrong password: the answer tells a guesser nothing.
    if (!user || !ok || user.disabled_at) {
      counters.inc('gateway_logins_total', { result: 'failed' });
      // The typed name is logged only when it is an account: people type passwords into it.
      ctx.state.log.warn(user ? { username: user.username } : { knownUser: false }, 'failed sign-in');
      throw new AppError(401, 'unauthorized', 'Invalid username or password');
    }
    await attempt.succeeded();
    const token = newSessionToken();
    const expiresAt = new Date(Date.now() + config.SESSION_TTL_HOURS * 3_600_000);
    // The session and its audit entry commit together: no unrecorded sign-in.
    await knex.transaction(async (trx) => {
      await createSession(trx, {
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt,
        userAgent: ctx.get('user-agent').slice(0, 300) || null,
      });
      await recordAudit(trx, { actorId: user.id, actor: user.username, reqId: ctx.state.reqId }, 'auth.sign_in', null, {
        userAgent: ctx.get('user-agent').slice(0, 200),
      });
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
      user: { id: user.id, username: user.username, role: user.role },
      expiresAt: expiresAt.toISOString(),
      timeZone: config.SITE_TIME_ZONE,
    };
    ctx.body = body;
  });

  router.get('/session', (ctx) => {
    const s = ctx.state.session!;
    const body: SessionInfo = {
      user: { id: s.userId, username: s.username, role: s.role },
      expiresAt: (ctx.state.sessionExpiresAt ?? new Date()).toISOString(),
      timeZone: config.SITE_TIME_ZONE,
    };
    ctx.body = body;
  });

  router.post('/logout', async (ctx) => {
    requireHttpsFor(ctx, secure);
    await knex.transaction(async (trx) => {
      await revokeSession(trx, ctx.state.session!.sessionId);
      await recordAudit(trx, ctx.state, 'auth.sign_out');
    });
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

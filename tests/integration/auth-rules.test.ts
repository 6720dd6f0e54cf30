/**
 * Staff authentication, server-side: every dashboard API route (enumerated from the
 * gateway's routers, not from a hand-kept list) refuses a request without a valid session;
 * sign-in sets an httpOnly SameSite cookie and returns a bearer token; sign-out revokes;
 * failed sign-ins are throttled per username and per IP.
 */
import { expect, it } from 'vitest';
import { SESSION_COOKIE } from '@lp/contracts';
import { apiRouters, createLotCache, GatewayConfigSchema, isProtectedPath } from '@lp/gateway';
import { createLogger, parseConfig } from '@lp/runtime';
import { describeOnEachBackend, type Stack } from '../support/stack.ts';
import { useStack } from '../support/fixtures.ts';

function dashboardRoutes(stack: Stack) {
  const deps = {
    config: parseConfig(GatewayConfigSchema, {}),
    bus: stack.platform.bus,
    knex: stack.platform.db.knex,
    log: createLogger('enumerate', 'silent'),
    counters: stack.platform.counters,
    lots: createLotCache(),
  };
  const routes: { method: string; path: string }[] = [];
  for (const router of apiRouters(deps))
    for (const layer of router.stack)
      for (const method of layer.methods.filter((m) => m !== 'HEAD'))
        routes.push({
          method,
          path: String(layer.path)
            .replace(/:[A-Za-z]+/g, '1')
            .replace(/\{\*[A-Za-z]+\}/g, 'x'),
        });
  return routes.filter((r) => isProtectedPath(r.path));
}

describeOnEachBackend('staff authentication', (backend) => {
  const stack = useStack({ backend, env: { LOGIN_MAX_FAILURES_PER_USER: '3', LOGIN_MAX_FAILURES_PER_IP: '8' } });

  it('refuses every dashboard route without a valid session', async () => {
    const routes = dashboardRoutes(stack);
    expect(routes.length).toBeGreaterThanOrEqual(4);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/marketing/submissions',
        'GET /api/marketing/stats',
        'POST /api/marketing/auth/logout',
      ]),
    );
    for (const r of routes) {
      const variants: Record<string, string>[] = [
        {},
        { authorization: 'Bearer not-a-real-token' },
        { cookie: `${SESSION_COOKIE}=forged` },
      ];
      for (const headers of variants) {
        const res = await fetch(`${stack.baseUrl}${r.path}`, {
          method: r.method,
          headers: { 'content-type': 'application/json', ...headers },
          ...(r.method === 'GET' ? {} : { body: '{}' }),
        });
        expect(res.status, `${r.method} ${r.path}`).toBe(401);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
      }
    }
    // Other spellings of the same routes (case, doubled slashes, escapes) are refused as well.
    for (const r of routes) {
      const spellings = [
        r.path.toUpperCase(),
        r.path.replace('/api/marketing', '/api/Marketing'),
        r.path.replace('/api/', '/api//'),
        r.path.replace('/api/marketing', '/api/%6Darketing'),
      ];
      for (const path of spellings) {
        const res = await fetch(`${stack.baseUrl}${path}`, {
          method: r.method,
          headers: { 'content-type': 'application/json' },
          ...(r.method === 'GET' ? {} : { body: '{}' }),
        });
        expect(res.status, `${r.method} ${path}`).toBe(401);
      }
    }
    // Paths that exist on no router are refused the same way, before any 404 could leak them.
    expect((await stack.api('/api/marketing-dashboard/inbox')).status).toBe(401);
    expect((await stack.api('/api/marketing/anything/else', { method: 'DELETE' })).status).toBe(401);
  });

  it('signs in with a cookie and a bearer token, and signs out for real', async () => {
    const res = await stack.api('/api/marketing/auth/login', { body: stack.admin });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; user: { username: string }; expiresAt: string };
    expect(body.user.username).toBe(stack.admin.username);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    expect(setCookie.toLowerCase()).toContain('httponly');
    expect(setCookie.toLowerCase()).toContain('samesite=strict');
    const cookie = setCookie.split(';')[0]!;

    const viaCookie = await stack.api('/api/marketing/auth/session', { headers: { cookie } });
    expect(viaCookie.status).toBe(200);
    expect(await stack.api('/api/marketing/submissions', { token: body.token }).then((r) => r.status)).toBe(200);

    const crossSite = await stack.api('/api/marketing/auth/logout', {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const garbledOrigin = await stack.api('/api/marketing/auth/logout', {
      method: 'POST',
      headers: { cookie, origin: 'not a url' },
    });
    expect(garbledOrigin.status).toBe(403);

    const noProof = await stack.api('/api/marketing/auth/logout', { method: 'POST', headers: { cookie } });
    expect(noProof.status).toBe(403);
    const sameOrigin = await stack.api('/api/marketing/auth/logout', {
      method: 'POST',
      headers: { cookie, origin: stack.baseUrl },
    });
    expect(sameOrigin.status).toBe(204);
    expect((await stack.api('/api/marketing/auth/session', { headers: { cookie } })).status).toBe(401);
    expect((await stack.api('/api/marketing/submissions', { token: body.token })).status).toBe(401);
  });

  it("explains a missing username or password with the spec's messages", async () => {
    const res = await stack.api('/api/marketing/auth/login', { body: { username: '', password: '' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { details: { fields: object } } }).error.details.fields).toEqual({
      username: ['Username is required'],
      password: ['Password is required'],
    });
  });

  it('throttles failed sign-ins per username, with Retry-After, without locking others out', async () => {
    const attempt = (username: string, password: string) =>
      stack.api('/api/marketing/auth/login', { body: { username, password } });
    for (let i = 0; i < 3; i++) {
      const r = await attempt('someone', 'wrong password');
      expect(r.status).toBe(401);
      expect(((await r.json()) as { error: { message: string } }).error.message).toBe('Invalid username or password');
    }
    const blocked = await attempt('someone', 'wrong password');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await attempt(stack.admin.username, stack.admin.password)).status).toBe(200);
  });

  it('throttles failed sign-ins per IP across usernames', async () => {
    let last = 0;
    for (let i = 0; i < 10; i++)
      last = (await stack.api('/api/marketing/auth/login', { body: { username: `u${i}`, password: 'x' } })).status;
    expect(last).toBe(429);
  });
});

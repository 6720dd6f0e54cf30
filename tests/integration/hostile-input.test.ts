/**
 * The edge against hostile input and the independent probe's findings, through the whole
 * platform behind a trusted proxy (TLS ends there, Secure cookies): undecodable bodies and
 * values PostgreSQL would refuse are 4xx envelopes, staff answers are never cached, cookie
 * writes need a same-origin proof, sign-in throttling holds under concurrency and cannot lock
 * the owner out from elsewhere, and the client address is the one the proxy appended.
 */
import { expect, it } from 'vitest';
import { SESSION_COOKIE } from '@lp/contracts';
import { describeOnEachBackend } from '../support/stack.ts';
import { useStack } from '../support/fixtures.ts';

type Envelope = { error: { code: string; details?: { fields?: Record<string, string[]> } } };

const SITE = 'https://lots.example';

describeOnEachBackend('hostile input and the security probe', (backend) => {
  const stack = useStack({
    backend,
    env: {
      TRUST_PROXY: 'true',
      COOKIE_SECURE: 'true',
      LOGIN_MAX_FAILURES_PER_USER: '5',
      LOGIN_MAX_FAILURES_PER_IP: '20',
      HTTP_HEADERS_TIMEOUT_MS: '7000',
    },
  });

  /** A request as the TLS proxy forwards it: https, the site's host, the client's address appended. */
  const viaProxy = (
    path: string,
    client: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    stack.api(path, {
      ...init,
      headers: {
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'lots.example',
        'x-forwarded-for': client,
        ...init.headers,
      },
    });
  const signIn = (client: string, password = stack.admin.password) =>
    viaProxy('/api/marketing/auth/login', client, { body: { username: stack.admin.username, password } });

  it('answers a body that does not match its Content-Encoding, and a NUL in a username, with 400', async () => {
    for (const encoding of ['gzip', 'br', 'deflate']) {
      const res = await fetch(`${stack.baseUrl}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding, 'x-forwarded-for': '192.0.2.1' },
        body: '{"firstName":"Ann"}',
      });
      expect(res.status, encoding).toBe(400);
      expect(((await res.json()) as Envelope).error.code).toBe('bad_request');
    }
    const nul = await viaProxy('/api/marketing/auth/login', '192.0.2.2', {
      body: { username: 'own\u0000er', password: 'x' },
    });
    expect(nul.status).toBe(400);
    expect(((await nul.json()) as Envelope).error.details?.fields).toEqual({
      username: ['Contains a character that is not allowed'],
    });
  });

  it('marks every staff answer, sign-in included, Cache-Control: no-store', async () => {
    const ok = await signIn('192.0.2.3');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const { token } = (await ok.json()) as { token: string };
    expect((await signIn('192.0.2.3', 'wrong')).headers.get('cache-control')).toBe('no-store');
    const list = await stack.api('/api/marketing/submissions', { token });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a staff write that would put an out-of-range date or an over-nested body into storage', async () => {
    const { token } = (await (await signIn('192.0.2.4')).json()) as { token: string };
    const patch = (body: unknown) => stack.api('/api/marketing/blog/articles/1', { method: 'PATCH', token, body });
    const date = await patch({ version: 1, publishedAt: '0000-01-01T00:00:00Z' });
    expect(date.status).toBe(400);
    expect(Object.keys(((await date.json()) as Envelope).error.details?.fields ?? {})).toEqual(['publishedAt']);
    const deep = await patch({ version: 1, contentMarkdown: `${'>'.repeat(49_000)} x` });
    expect(deep.status).toBe(400);
    expect(Object.keys(((await deep.json()) as Envelope).error.details?.fields ?? {})).toEqual(['contentMarkdown']);
  });

  it('accepts a cookie write only with a same-origin proof, behind the proxy too', async () => {
    const res = await signIn('192.0.2.5');
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    const logout = (headers: Record<string, string>) =>
      viaProxy('/api/marketing/auth/logout', '192.0.2.5', { method: 'POST', headers: { cookie, ...headers } });
    expect((await logout({ referer: 'https://evil.example/page' })).status).toBe(403);
    expect((await logout({})).status).toBe(403);
    expect((await logout({ origin: 'http://lots.example' })).status).toBe(403);
    expect((await logout({ origin: 'https://evil.example', referer: `${SITE}/marketing` })).status).toBe(403);
    expect((await logout({ origin: SITE })).status).toBe(204);
  });

  it('holds the throttle under 30 concurrent wrong passwords from one address', async () => {
    const attempts = await Promise.all(Array.from({ length: 30 }, () => signIn('198.51.100.30', 'wrong password')));
    const statuses = attempts.map((r) => r.status);
    const unauthorized = statuses.filter((s) => s === 401).length;
    expect(unauthorized).toBeGreaterThan(0);
    expect(unauthorized).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - unauthorized);
    expect(Number(attempts.find((r) => r.status === 429)!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('takes the address the proxy appended, and never locks the owner out from elsewhere', async () => {
    // The attacker writes a fresh address of its own into X-Forwarded-For on every try.
    let last = 0;
    for (let i = 0; i < 8 && last !== 429; i++)
      last = (await signIn(`10.0.0.${i}, 198.51.100.66`, 'wrong password')).status;
    expect(last).toBe(429);
    expect((await signIn('198.51.100.66')).status).toBe(429);
    expect((await signIn('203.0.113.5')).status).toBe(200);
  });

  it('answers a sign-in that arrives over plain HTTP with a clear 403, not a 500', async () => {
    const res = await stack.api('/api/marketing/auth/login', {
      body: stack.admin,
      headers: { 'x-forwarded-for': '192.0.2.9' },
    });
    expect(res.status).toBe(403);
    expect(stack.platform.server.headersTimeout).toBe(7000);
  });
});

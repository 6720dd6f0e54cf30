import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayState } from './request-context.ts';
import { parseFrameAncestors, readScriptHashes, securityHeaders } from './security-headers.ts';

const servers: { close(): void }[] = [];
async function serve(hsts: boolean): Promise<string> {
  const app = new Koa<GatewayState>();
  app.use(securityHeaders({ embedFrameAncestors: ['https://seller.example'], hsts, scriptHashes: ["'sha256-abc='"] }));
  app.use((ctx) => {
    if (ctx.path === '/media/x.svg') ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    ctx.body = ctx.path.startsWith('/api/') ? { ok: true } : '<h1>page</h1>';
  });
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}
let dev: string;
let prod: string;
beforeAll(async () => {
  [dev, prod] = await Promise.all([serve(false), serve(true)]);
});
afterAll(() => servers.forEach((s) => s.close()));

const csp = (res: Response) => res.headers.get('content-security-policy') ?? '';

describe('security headers', () => {
  it('pages run scripts from this origin and the build hashes only, and are framed by this site only', async () => {
    const res = await fetch(`${dev}/market`);
    expect(csp(res)).toMatch(/(^|; )script-src 'self' 'sha256-abc='(;|$)/);
    expect(csp(res)).not.toContain("'unsafe-inline' ");
    expect(csp(res).match(/script-src[^;]*/)?.[0]).not.toContain('unsafe');
    expect(csp(res)).toMatch(/frame-ancestors 'self'$/);
    expect(csp(res)).toContain("object-src 'none'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('dashboard pages show pictures from any https host (e-mails in srcdoc frames are held to it); site pages do not', async () => {
    const dashboard = csp(await fetch(`${dev}/marketing/inbox`));
    expect(dashboard).toMatch(/(^|; )img-src 'self' data: blob: \S+ https:(;|$)/);
    expect(dashboard).toMatch(/frame-ancestors 'self'$/);
    expect(csp(await fetch(`${dev}/lots`)).match(/img-src[^;]*/)?.[0]).not.toMatch(/ https:( |$)/);
  });

  it('the lot map may also be framed by the configured seller sites', async () => {
    const res = await fetch(`${dev}/embed`);
    expect(csp(res)).toMatch(/frame-ancestors 'self' https:\/\/seller\.example$/);
    expect(res.headers.get('x-frame-options')).toBeNull();
  });

  it('API answers allow nothing to run or frame them; a route may set a stricter policy', async () => {
    const res = await fetch(`${dev}/api/anything`);
    expect(csp(res)).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(csp(await fetch(`${dev}/media/x.svg`))).toBe("default-src 'none'; sandbox");
  });

  it('sends HSTS in production', async () => {
    const res = await fetch(`${prod}/`);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('accepts origins only in EMBED_FRAME_ANCESTORS', () => {
    expect(parseFrameAncestors('https://a.example, https://b.example:8443 http://*.c.example')).toEqual([
      'https://a.example',
      'https://b.example:8443',
      'http://*.c.example',
    ]);
    expect(parseFrameAncestors("https://a.example; script-src 'unsafe-inline'")).toBeInstanceOf(Error);
    expect(parseFrameAncestors('*')).toBeInstanceOf(Error);
  });

  it('reads the build hashes, ignoring anything that is not one', () => {
    const dist = mkdtempSync(join(tmpdir(), 'lpl-csp-'));
    expect(readScriptHashes(dist)).toEqual([]);
    mkdirSync(join(dist, 'server'));
    writeFileSync(
      join(dist, 'server', 'csp.json'),
      JSON.stringify({ scriptHashes: ["'sha256-AB+/='", "'unsafe-inline'"] }),
    );
    expect(readScriptHashes(dist)).toEqual(["'sha256-AB+/='"]);
  });
});

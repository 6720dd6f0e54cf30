import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayState } from '../middleware/request-context.ts';
import { createWebHost, negotiateEncoding } from './web-host.ts';

let base: string;
let close: () => void;
const BUNDLE = `export const lots = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `lot ${i}`))};\n`;
const STYLES = `${'.hero { color: #0a4a61; }\n'.repeat(100)}`;
const STALE_STYLES = `${'.stale { color: red; }\n'.repeat(100)}`;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'lpl-web-'));
  const client = join(dist, 'client');
  mkdirSync(join(client, 'market'), { recursive: true });
  writeFileSync(join(client, 'index.html'), '<h1>Home</h1>');
  writeFileSync(join(client, 'market', 'index.html'), '<h1>Market</h1>');
  writeFileSync(join(client, '404.html'), '<h1>404 Page Not Found</h1>');
  mkdirSync(join(client, 'assets'));
  // The build's copies: a brotli copy of the bundle (no gzip copy: made on first use), and a
  // copy of the styles older than the styles themselves (a hand-edited file), never to be sent.
  writeFileSync(join(client, 'assets', 'app.js'), BUNDLE);
  writeFileSync(join(client, 'assets', 'app.js.br'), brotliCompressSync(BUNDLE));
  writeFileSync(join(client, 'assets', 'app.css'), STYLES);
  writeFileSync(join(client, 'assets', 'app.css.br'), brotliCompressSync(STALE_STYLES));
  const past = new Date(Date.now() - 60_000);
  utimesSync(join(client, 'assets', 'app.css.br'), past, past);
  const app = new Koa<GatewayState>();
  app.use(createWebHost(dist).middleware);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  close = () => server.close();
});
afterAll(() => close());

const get = (path: string) => fetch(`${base}${path}`, { redirect: 'manual' });

describe('web host', () => {
  it('serves a prerendered page at its address and unknown paths as a 404 page', async () => {
    expect(await (await get('/market')).text()).toBe('<h1>Market</h1>');
    const missing = await get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('404 Page Not Found');
  });

  it('sends the file behind a page to the page’s own address, keeping the query', async () => {
    const market = await get('/market/index.html?utm_source=mail');
    expect(market.status).toBe(301);
    expect(market.headers.get('location')).toBe('/market?utm_source=mail');
    const home = await get('/index.html');
    expect(home.status).toBe(301);
    expect(home.headers.get('location')).toBe('/');
  });

  it.each([
    '//evil.example/index.html',
    '/%2fevil.example/index.html',
    '/%2F%2Fevil.example/index.html',
    '/%5Cevil.example/index.html',
    '/%5C%5Cevil.example/index.html',
    '/%09/evil.example/index.html',
    '///evil.example/index.html',
  ])('never redirects to another site: %s', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
  });

  it('answers a missing asset with a 404 that is not cached as immutable', async () => {
    const res = await get('/assets/index-deadbeef.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).not.toMatch(/immutable|max-age=31536000/);
  });
});

/** A GET that shows the bytes as sent (fetch would decode them). */
function raw(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('web host compression', () => {
  it('sends the build’s brotli copy to a browser that takes br, decoding to the file', async () => {
    const res = await raw('/assets/app.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.body).toString()).toBe(BUNDLE);
  });

  it('follows q-values: gzip when br is refused, and the bytes are compressed once', async () => {
    const res = await raw('/assets/app.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(BUNDLE);
  });

  it('sends the file as it is to a client that asks for no compression', async () => {
    const cases: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'gzip;q=0, br;q=0' },
    ];
    for (const headers of cases) {
      const res = await raw('/assets/app.js', headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.toString()).toBe(BUNDLE);
    }
  });

  it('does not send a compressed copy older than its file', async () => {
    const res = await raw('/assets/app.css', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(STYLES);
  });

  it('gives each encoding its own ETag and answers 304 only for the copy the client holds', async () => {
    const br = await raw('/assets/app.js', { 'accept-encoding': 'br' });
    const plain = await raw('/assets/app.js', { 'accept-encoding': 'identity' });
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await raw('/assets/app.js', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.vary).toMatch(/accept-encoding/i);
    // Holding the uncompressed copy, a client that now takes br gets the br bytes, not a 304.
    const other = await raw('/assets/app.js', { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) });
    expect(other.status).toBe(200);
    expect(brotliDecompressSync(other.body).toString()).toBe(BUNDLE);
  });

  it('never serves the compressed copies at their own addresses', async () => {
    const res = await raw('/assets/app.js.br', { 'accept-encoding': 'identity' });
    expect(res.status).toBe(404);
    expect(res.body.toString()).toContain('404 Page Not Found');
  });
});

describe('negotiateEncoding', () => {
  const both = { br: true, gzip: true };
  it('prefers br, then gzip, at equal weight, and honours q-values and *', () => {
    expect(negotiateEncoding('gzip, deflate, br', both)).toBe('br');
    expect(negotiateEncoding('gzip;q=1, br;q=0.5', both)).toBe('gzip');
    expect(negotiateEncoding('*', both)).toBe('br');
    expect(negotiateEncoding('*;q=0, identity', both)).toBe('identity');
    expect(negotiateEncoding('', both)).toBe('identity');
    expect(negotiateEncoding('br', { br: false, gzip: true })).toBe('identity');
    expect(negotiateEncoding('BR;Q=0.8', both)).toBe('br');
  });
});

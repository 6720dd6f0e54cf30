import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayState } from '../middleware/request-context.ts';
import { createWebHost } from './web-host.ts';

let base: string;
let close: () => void;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'lpl-web-'));
  const client = join(dist, 'client');
  mkdirSync(join(client, 'market'), { recursive: true });
  writeFileSync(join(client, 'index.html'), '<h1>Home</h1>');
  writeFileSync(join(client, 'market', 'index.html'), '<h1>Market</h1>');
  writeFileSync(join(client, '404.html'), '<h1>404 Page Not Found</h1>');
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

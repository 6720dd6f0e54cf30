import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@lp/runtime';
import { errorHandler } from './error-handler.ts';
import { parseJsonBodies } from './parse-json-bodies.ts';
import { requestContext, type GatewayState } from './request-context.ts';

let base: string;
let port: number;
let close: () => void;

beforeAll(async () => {
  const app = new Koa<GatewayState>();
  app.use(requestContext(createLogger('test', 'silent')));
  app.use(errorHandler());
  app.use(parseJsonBodies());
  app.use((ctx) => {
    ctx.body = { got: ctx.request.body ?? null };
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  port = (server.address() as { port: number }).port;
  base = `http://127.0.0.1:${port}`;
  close = () => server.close();
});
afterAll(() => close());

const post = (body: string | Uint8Array, headers: Record<string, string>) =>
  fetch(`${base}/api/contact`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

describe('JSON bodies at the edge', () => {
  it.each(['gzip', 'br', 'deflate'])('answers 400 to a body that is not %s-encoded as declared', async (encoding) => {
    const res = await post('{"firstName":"Ann"}', { 'content-encoding': encoding });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('bad_request');
  });

  it('reads a body that is gzip-encoded as declared', async () => {
    const res = await post(gzipSync('{"a":1}'), { 'content-encoding': 'gzip' });
    expect(await res.json()).toEqual({ got: { a: 1 } });
  });

  it('answers 415 to an unknown encoding and 400 to JSON that does not parse', async () => {
    expect((await post('{}', { 'content-encoding': 'compress' })).status).toBe(415);
    expect((await post('{"a":', {})).status).toBe(400);
    expect((await post('"text"', {})).status).toBe(400);
  });

  it('closes the connection after refusing a compressed body too large to read, instead of hanging', async () => {
    const big = gzipSync(JSON.stringify({ x: 'a'.repeat(200_000) }));
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
    const ended = new Promise<void>((r) => socket.once('close', () => r()));
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: ${big.length}\r\n\r\n`,
    );
    socket.write(big);
    socket.write('GET /next HTTP/1.1\r\nHost: x\r\n\r\n');
    await ended;
    expect(received).toMatch(/^HTTP\/1\.1 413/);
    expect(received.toLowerCase()).toContain('connection: close');
  });
});

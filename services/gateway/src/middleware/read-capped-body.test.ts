/**
 * The one capped body reader (inbound mail posts, blog images): the body under the cap; a 413 for
 * an announced or a streamed body over it, answered to a client that is still sending.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@lp/runtime';
import { readCappedBody } from './read-capped-body.ts';

const cap = {
  limit: 1000,
  tooLarge: () => new AppError(413, 'payload_too_large', 'too large'),
  discardBudget: 1024 * 1024,
};

let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((req, res) => {
    readCappedBody(req, cap).then(
      (body) => res.end(`read ${body.length}`),
      (err: AppError) => res.writeHead(err.status, { connection: 'close' }).end(err.message),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Posts `chunks`, announcing the length or streaming it chunked; resolves with status and text. */
const post = (chunks: Buffer[], announce: boolean) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const total = chunks.reduce((n, c) => n + c.length, 0);
    const req = request(
      { port, method: 'POST', headers: announce ? { 'content-length': String(total) } : {} },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += String(c)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    for (const c of chunks) req.write(c);
    req.end();
  });

describe('readCappedBody', () => {
  it('reads a body up to the cap', async () => {
    expect(await post([Buffer.alloc(600), Buffer.alloc(400)], false)).toEqual({ status: 200, text: 'read 1000' });
  });

  it('refuses an announced length over the cap before reading it', async () => {
    expect(await post([Buffer.alloc(1001)], true)).toEqual({ status: 413, text: 'too large' });
  });

  it('refuses a streamed body as soon as it passes the cap', async () => {
    expect(await post([Buffer.alloc(800), Buffer.alloc(800), Buffer.alloc(800)], false)).toEqual({
      status: 413,
      text: 'too large',
    });
  });
});

import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkServingConfig, createHttpServer } from './http-server.ts';

const limits = {
  HTTP_HEADERS_TIMEOUT_MS: 1000,
  HTTP_REQUEST_TIMEOUT_MS: 2000,
  HTTP_KEEP_ALIVE_TIMEOUT_MS: 3000,
  HTTP_IDLE_TIMEOUT_MS: 400,
  HTTP_MAX_CONNECTIONS: 50,
};

let close: (() => void) | undefined;
afterEach(() => close?.());

async function listen() {
  const server = createHttpServer((_req, res) => res.end('ok'), limits);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  close = () => {
    server.closeAllConnections();
    server.close();
  };
  return { server, port: (server.address() as AddressInfo).port };
}

describe('gateway HTTP server', () => {
  it('sets its timeouts and connection cap explicitly', async () => {
    const { server } = await listen();
    expect(server.headersTimeout).toBe(1000);
    expect(server.requestTimeout).toBe(2000);
    expect(server.keepAliveTimeout).toBe(3000);
    expect(server.timeout).toBe(400);
    expect(server.maxConnections).toBe(50);
  });

  it('closes a socket that never sends a byte', async () => {
    const { port } = await listen();
    const socket = connect(port, '127.0.0.1');
    let received = 0;
    socket.on('data', (d: Buffer) => (received += d.length));
    const startedAt = Date.now();
    await new Promise<void>((r) => socket.once('close', () => r()));
    expect(received).toBe(0);
    // Closed by the server's idle timeout, well before the test's own timeout.
    expect(Date.now() - startedAt).toBeLessThan(4000);
  });

  it('answers 408 and closes a client that trickles its headers past the headers timeout', async () => {
    const { port } = await listen();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    // One header byte every 100 ms keeps the socket from ever being idle.
    const trickle = setInterval(() => socket.writable && socket.write('X'), 100);
    const startedAt = Date.now();
    await new Promise<void>((r) => socket.once('close', () => r()));
    clearInterval(trickle);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - startedAt).toBeLessThan(4000);
  });

  it('answers a request it cannot parse as Node does: 400, or 431 for oversized headers, and closes', async () => {
    const { port } = await listen();
    const exchange = (request: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        let received = '';
        socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
        socket.once('close', () => resolve(received));
        socket.write(request);
      });
    expect(await exchange('NOT A REQUEST\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    expect(await exchange(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)).toBe(
      'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n',
    );
  });

  it('refuses to start when Secure cookies would meet plain HTTP, and says what to do', () => {
    expect(() => checkServingConfig({ NODE_ENV: 'production', TRUST_PROXY: false, COOKIE_SECURE: undefined })).toThrow(
      /TRUST_PROXY=true.*COOKIE_SECURE=false/,
    );
    expect(() => checkServingConfig({ NODE_ENV: 'development', TRUST_PROXY: false, COOKIE_SECURE: true })).toThrow();
    expect(() =>
      checkServingConfig({ NODE_ENV: 'production', TRUST_PROXY: true, COOKIE_SECURE: undefined }),
    ).not.toThrow();
    expect(() =>
      checkServingConfig({ NODE_ENV: 'production', TRUST_PROXY: false, COOKIE_SECURE: false }),
    ).not.toThrow();
  });
});

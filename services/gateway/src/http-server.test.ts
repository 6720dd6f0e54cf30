import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkServingConfig, connectionsPerAddressCap, createHttpServer, type HttpLimits } from './http-server.ts';

const limits: HttpLimits = {
  HTTP_HEADERS_TIMEOUT_MS: 1000,
  HTTP_REQUEST_TIMEOUT_MS: 2000,
  HTTP_KEEP_ALIVE_TIMEOUT_MS: 3000,
  HTTP_IDLE_TIMEOUT_MS: 400,
  HTTP_MAX_CONNECTIONS: 50,
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: undefined,
  TRUST_PROXY: false,
};

let close: (() => void) | undefined;
afterEach(() => close?.());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function listen(serverLimits: HttpLimits = limits) {
  const server = createHttpServer(
    (req, res) => res.end(req.url === '/healthz' ? '{"status":"ok"}' : 'ok'),
    serverLimits,
  );
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
    expect(received).toContain('"code":"bad_request"');
    expect(Date.now() - startedAt).toBeLessThan(4000);
  });

  it("answers a request it cannot parse with Node's status and an error envelope: 400, or 431 for oversized headers, and closes", async () => {
    const { port } = await listen();
    const exchange = (request: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        let received = '';
        socket.on('data', (d: Buffer) => (received += d.toString('utf8')));
        socket.once('close', () => resolve(received));
        socket.write(request);
      });
    const answerOf = (raw: string) => {
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      const lines = head.split('\r\n');
      return {
        status: lines[0],
        headers: lines.slice(1).map((l) => l.toLowerCase()),
        body: JSON.parse(body) as { error: { code: string; message: string } },
        length: Buffer.byteLength(body),
      };
    };
    const garbled = answerOf(await exchange('NOT A REQUEST\r\n\r\n'));
    expect(garbled.status).toBe('HTTP/1.1 400 Bad Request');
    expect(garbled.headers).toContain('connection: close');
    expect(garbled.headers).toContain(`content-length: ${garbled.length}`);
    expect(garbled.body.error.code).toBe('bad_request');
    // A browser carrying too many cookies, or an address too long: 16 KB of headers.
    const oversized = answerOf(
      await exchange(`GET /api/marketing/auth/session HTTP/1.1\r\nHost: x\r\nCookie: a=${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(oversized.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(oversized.headers).toContain('content-type: application/json; charset=utf-8');
    expect(oversized.body.error).toEqual({
      code: 'payload_too_large',
      message: expect.stringContaining("clear this site's cookies") as string,
    });
  });

  it('keeps /healthz and other addresses answered while one address holds silent and trickling sockets open', async () => {
    // A long idle timeout, so only the headers timeout can end the attacker's silent sockets.
    const { port } = await listen({
      ...limits,
      HTTP_HEADERS_TIMEOUT_MS: 1500,
      HTTP_IDLE_TIMEOUT_MS: 60_000,
      HTTP_MAX_CONNECTIONS: 20,
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: 5,
    });
    // One address opens more sockets than the whole server serves: half send nothing, half
    // trickle a header byte every 100 ms.
    const attackers: { socket: Socket; received: string; closedAt?: number }[] = [];
    const trickles: NodeJS.Timeout[] = [];
    const startedAt = Date.now();
    for (let i = 0; i < 24; i++) {
      const socket = connect({ port, host: '127.0.0.1' });
      const a: (typeof attackers)[number] = { socket, received: '' };
      socket.on('data', (d: Buffer) => (a.received += d.toString('latin1')));
      socket.on('error', () => {});
      socket.once('close', () => (a.closedAt = Date.now()));
      if (i % 2) {
        socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
        trickles.push(setInterval(() => socket.writable && socket.write('X'), 100));
      }
      attackers.push(a);
      await sleep(5);
    }
    await sleep(300);
    try {
      // Past its cap each socket was answered 503 and closed at once; the first five are open.
      const refused = attackers.filter((a) => a.closedAt !== undefined);
      expect(refused).toHaveLength(19);
      for (const a of refused) expect(a.received).toMatch(/^HTTP\/1\.1 503 .*"code":"unavailable"/s);

      // The health probe and a visitor from other addresses are answered at once.
      const asked = Date.now();
      const [probe, visitor] = await Promise.all([
        request(port, '/healthz', '127.0.0.3'),
        request(port, '/', '127.0.0.2'),
      ]);
      expect(probe).toEqual({ status: 200, body: '{"status":"ok"}' });
      expect(visitor).toEqual({ status: 200, body: 'ok' });
      expect(Date.now() - asked).toBeLessThan(1000);

      // The five it was allowed, silent or trickling, end with the headers timeout (408).
      await Promise.all(attackers.map((a) => a.closedAt ?? new Promise((r) => a.socket.once('close', r))));
      const held = attackers.filter((a) => !refused.includes(a));
      expect(held).toHaveLength(5);
      for (const a of held) {
        expect(a.received).toMatch(/^HTTP\/1\.1 408/);
        expect(a.closedAt! - startedAt).toBeLessThan(1500 + 1000);
      }
    } finally {
      for (const t of trickles) clearInterval(t);
    }
    // Its sockets closed, the address is served again.
    expect(await request(port, '/', '127.0.0.1')).toEqual({ status: 200, body: 'ok' });
  });

  it('caps sockets per address by default, and not behind a trusted proxy unless configured', () => {
    const base = { HTTP_MAX_CONNECTIONS: 1000, HTTP_MAX_CONNECTIONS_PER_ADDRESS: undefined };
    expect(connectionsPerAddressCap({ ...base, TRUST_PROXY: false })).toBe(100);
    expect(connectionsPerAddressCap({ ...base, HTTP_MAX_CONNECTIONS: 50, TRUST_PROXY: false })).toBe(25);
    expect(connectionsPerAddressCap({ ...base, TRUST_PROXY: true })).toBeNull();
    expect(connectionsPerAddressCap({ ...base, HTTP_MAX_CONNECTIONS_PER_ADDRESS: 400, TRUST_PROXY: true })).toBe(400);
    expect(connectionsPerAddressCap({ ...base, HTTP_MAX_CONNECTIONS_PER_ADDRESS: 0, TRUST_PROXY: false })).toBeNull();
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

/** One GET on a fresh connection from `localAddress` (Linux routes all of 127/8 to loopback). */
function request(port: number, path: string, localAddress: string) {
  return new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path, localAddress, agent: false }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject);
    req.setTimeout(2000, () => req.destroy(new Error(`no answer to ${path} from ${localAddress} in 2 s`)));
  });
}

/**
 * The gateway's HTTP server with its limits set explicitly (not left to Node's defaults): how
 * long a client may take to send headers and a whole request, how long a kept-alive or silent
 * socket stays open, and how many connections are served at once, in all and from one address
 * (so one address holding sockets open, silent or trickling, never fills the server and the
 * health probe and everyone else are still answered). Also the start-up check that refuses a
 * configuration in which every sign-in would fail.
 */
import { createServer, STATUS_CODES, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { AppError, ConfigError, unavailable, type Counters } from '@lp/runtime';
import type { GatewayConfig } from './config.ts';

export type HttpLimits = Pick<
  GatewayConfig,
  | 'HTTP_HEADERS_TIMEOUT_MS'
  | 'HTTP_REQUEST_TIMEOUT_MS'
  | 'HTTP_KEEP_ALIVE_TIMEOUT_MS'
  | 'HTTP_IDLE_TIMEOUT_MS'
  | 'HTTP_MAX_CONNECTIONS'
  | 'HTTP_MAX_CONNECTIONS_PER_ADDRESS'
  | 'TRUST_PROXY'
>;

/**
 * Sockets one address may hold open at once, or null for no such cap. Unset, it is off behind a
 * trusted proxy (every socket then comes from the proxy's address, so the cap belongs at the
 * proxy) and otherwise 100, never more than half the global cap, so one address can never hold
 * every connection the server serves.
 */
export function connectionsPerAddressCap(
  limits: Pick<HttpLimits, 'HTTP_MAX_CONNECTIONS' | 'HTTP_MAX_CONNECTIONS_PER_ADDRESS' | 'TRUST_PROXY'>,
): number | null {
  const configured = limits.HTTP_MAX_CONNECTIONS_PER_ADDRESS;
  if (configured === 0) return null;
  if (configured !== undefined) return configured;
  return limits.TRUST_PROXY ? null : Math.min(100, Math.floor(limits.HTTP_MAX_CONNECTIONS / 2));
}

/**
 * Sockets whose current request the server reads at its own pace: a CSV import is read only as
 * fast as crm stores it, so a long one, or one waiting out a crm restart, takes longer than
 * HTTP_REQUEST_TIMEOUT_MS to be read whole. That timeout is meant for clients that send too
 * slowly, and is not applied to these (see `middleware/server-paced.ts`).
 */
export const serverPacedSockets = new WeakSet<Duplex>();

/**
 * The answers to a request Node cannot hand to the app, for the errors it names: Node's own
 * statuses, each with the error envelope every other refusal carries (Node's bare answer has no
 * body, so a client could not tell why it was refused).
 */
const CLIENT_ERROR_ANSWERS: Record<string, string> = {
  ERR_HTTP_REQUEST_TIMEOUT: refusal(
    new AppError(408, 'bad_request', 'The request took too long to arrive; send it again'),
  ),
  HPE_HEADER_OVERFLOW: refusal(
    new AppError(
      431,
      'payload_too_large',
      "The request's address and headers are too large; clear this site's cookies or shorten the address and try again",
    ),
  ),
  HPE_CHUNK_EXTENSIONS_OVERFLOW: refusal(
    new AppError(413, 'payload_too_large', "The request's chunk extensions are too large"),
  ),
};
const BAD_REQUEST_ANSWER = refusal(
  new AppError(400, 'bad_request', 'The request is not well-formed HTTP and could not be read'),
);

/** A whole HTTP/1.1 answer with the error's status, that closes the connection, with its envelope as the body. */
function refusal(error: AppError, headers = ''): string {
  const body = JSON.stringify(error.toEnvelope());
  return (
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\nConnection: close\r\n${headers}` +
    `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

const TOO_MANY_FROM_ADDRESS = refusal(
  unavailable('Too many connections from your address; close some and try again'),
  'Retry-After: 5\r\n',
);

export function createHttpServer(
  handler: RequestListener,
  limits: HttpLimits,
  opts: { counters?: Counters } = {},
): Server {
  const headersTimeout = Math.min(limits.HTTP_HEADERS_TIMEOUT_MS, limits.HTTP_REQUEST_TIMEOUT_MS);
  const server = createServer(
    {
      headersTimeout,
      requestTimeout: limits.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeout: limits.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      // How often Node checks the two timeouts above (its default, 30 s, would let a slow
      // client keep a socket well past a short headers timeout).
      connectionsCheckingInterval: Math.max(250, Math.min(headersTimeout / 4, 5000)),
    },
    handler,
  );
  // A socket that sends nothing (not even a first byte) and receives nothing is closed.
  server.timeout = limits.HTTP_IDLE_TIMEOUT_MS;
  server.maxConnections = limits.HTTP_MAX_CONNECTIONS;
  server.on('drop', () => opts.counters?.inc('gateway_connections_refused_total', { reason: 'server_full' }));
  const perAddress = connectionsPerAddressCap(limits);
  if (perAddress !== null) capConnectionsPerAddress(server, perAddress, opts.counters);
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT' && serverPacedSockets.has(socket)) return;
    // Otherwise what Node does without a listener (its status, here with an envelope), unless
    // the response in flight on this socket has begun, and close.
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (socket.writable && !inFlight?.headersSent)
      socket.write(CLIENT_ERROR_ANSWERS[err.code ?? ''] ?? BAD_REQUEST_ANSWER);
    socket.destroy(err);
  });
  return server;
}

/**
 * Counts the open sockets of each remote address; a socket past the cap is answered 503 and
 * closed at once, before any of its bytes are read, and the address's other sockets are left
 * alone.
 */
function capConnectionsPerAddress(server: Server, cap: number, counters: Counters | undefined): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    // Gone before it could be counted (reset by the client already).
    if (address === undefined) return;
    const count = open.get(address) ?? 0;
    if (count >= cap) {
      counters?.inc('gateway_connections_refused_total', { reason: 'per_address' });
      // What Node does with its own refusals (see clientError below): the answer, then close.
      socket.write(TOO_MANY_FROM_ADDRESS);
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/**
 * Secure session cookies over plain HTTP cannot be set, so every sign-in would fail. Refuse
 * to start instead, and say what to do.
 */
export function checkServingConfig(config: Pick<GatewayConfig, 'COOKIE_SECURE' | 'NODE_ENV' | 'TRUST_PROXY'>): void {
  const secure = config.COOKIE_SECURE ?? config.NODE_ENV === 'production';
  if (secure && !config.TRUST_PROXY)
    throw new ConfigError([
      `COOKIE_SECURE: staff sign-in needs HTTPS. Session cookies are Secure ${
        config.COOKIE_SECURE ? '(COOKIE_SECURE=true)' : '(NODE_ENV=production)'
      } but this gateway serves plain HTTP. Put a TLS-terminating proxy in front and set ` +
        'TRUST_PROXY=true, or set COOKIE_SECURE=false to allow sign-in over plain HTTP (not for the internet).',
    ]);
}

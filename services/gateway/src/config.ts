/**
 * The gateway's configuration (and the one-process product's, which adds DATA_DIR).
 * Parsed once at start-up; see `.env.example` for every key.
 */
import * as v from 'valibot';
import { passwordPolicyProblem, site } from '@lp/contracts';
import { described, env, runtimeEnvEntries } from '@lp/runtime';
import { parseFrameAncestors } from './middleware/security-headers.ts';

/** An integer key without a default: unset stays undefined (the code picks by mode). */
const intInRange = (min: number, max: number) =>
  v.pipe(v.string(), v.transform(Number), v.integer('must be an integer'), v.minValue(min), v.maxValue(max));

const GatewayEnvSchema = v.object({
  /** NODE_ENV, LOG_LEVEL, NATS_URL, DATABASE_URL, HEALTH_PORT, BUS_*, DB_*, the mail keys, WEBHOOK_SECRET. */
  ...runtimeEnvEntries,
  HOST: described(env.string('0.0.0.0'), 'the address the gateway listens on'),
  PORT: described(
    env.int(3000, 0, 65535),
    'the port the gateway listens on (0 = any free one); a second gateway on the same host needs its own',
  ),
  WEB_DIST: described(
    env.string('web/dist'),
    'absolute or repository-relative folder of the built web app (`pnpm build`)',
  ),
  DATA_DIR: described(
    env.string('./data'),
    'one-process product: the embedded database (PGlite) and the first-admin password file',
  ),
  ADMIN_USERNAME: described(
    v.optional(v.pipe(v.string(), v.minLength(3), v.maxLength(100))),
    'the first administrator (an owner), created at start-up when no staff user exists yet',
  ),
  ADMIN_PASSWORD: described(
    v.optional(v.string()),
    "the first administrator's password, held to the staff password policy (12 to 200 characters, at least 5 different ones, not containing the username, not a well-known password); unset, one is generated and written to `DATA_DIR/first-admin.txt`. Remove it after the first start",
  ),
  SESSION_TTL_HOURS: described(env.int(12, 1, 24 * 30), 'staff session lifetime in hours'),
  /** Secure cookies over plain HTTP cannot work, hence the refusal to start without TRUST_PROXY. */
  COOKIE_SECURE: described(
    v.optional(env.bool(false)),
    'Secure session cookie; unset: on when NODE_ENV=production. When on, the gateway refuses to start unless TRUST_PROXY=true (TLS ends at a proxy); `false` is the explicit opt-out for sign-in over plain HTTP (not for the internet)',
  ),
  TRUST_PROXY: described(
    env.bool(false),
    'behind a reverse proxy: read the client address, scheme and host from `X-Forwarded-For` / `-Proto` / `-Host`',
  ),
  TRUST_PROXY_HOPS: described(
    env.int(1, 1, 10),
    'proxies that append to `X-Forwarded-For`: the client address is the entry the outermost of them wrote (that many from the right), never one the client wrote',
  ),
  SPAM_MIN_FILL_MS: described(
    env.int(2000, 0, 60_000),
    'forms submitted faster than this (ms after opening) are treated as bots: answered like a success, not stored',
  ),
  CONTACT_RATE_LIMIT: described(
    env.int(20, 1, 10_000),
    'form submissions per client address per 10 minutes (429 past it)',
  ),
  IMPORT_RATE_LIMIT: described(
    env.int(10, 1, 10_000),
    'CSV contact imports per 10 minutes per staff user, and per client address (429 + `Retry-After` past it)',
  ),
  /** Counted before the secret is checked, so guessing it is throttled too. */
  WEBHOOK_RATE_LIMIT: described(
    env.int(600, 1, 1_000_000),
    'posts per minute per client address to each provider webhook (e-mail events, inbound mail), counted before the secret is checked',
  ),
  LOGIN_MAX_FAILURES_PER_USER: described(
    env.int(5, 1, 1000),
    'failed sign-ins per 15 minutes per username from one address, with growing delays from the third (other addresses are not affected)',
  ),
  LOGIN_MAX_FAILURES_PER_IP: described(
    env.int(20, 1, 10_000),
    'failed sign-ins per 15 minutes per address, any usernames',
  ),
  /**
   * Further sign-ins wait in a queue served in turn by client address, so a flood from a few
   * addresses cannot keep anyone else from signing in.
   */
  LOGIN_MAX_CONCURRENT_HASHES: described(
    env.int(2, 1, 16),
    'password hashes (scrypt, about 128 MB each) computed at once in this process',
  ),
  LOGIN_HASH_QUEUE: described(
    env.int(20, 0, 1000),
    'sign-ins waiting for a hash, served in turn by client address; past it 503 + `Retry-After`',
  ),
  LOGIN_HASHES_PER_ADDRESS: described(
    env.int(2, 1, 100),
    'sign-ins hashing or waiting at once from one address; more from it get 429',
  ),
  /** Server timeouts and limits, set explicitly rather than left to Node's defaults. */
  HTTP_HEADERS_TIMEOUT_MS: described(
    env.int(10_000, 1000, 600_000),
    'a client must send its request headers within this many ms (a silent or trickling socket is answered 408 and closed)',
  ),
  HTTP_REQUEST_TIMEOUT_MS: described(
    env.int(120_000, 1000, 3_600_000),
    'a client must send its whole request within this many ms (not a CSV import: the server reads it at its own pace)',
  ),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: described(
    env.int(65_000, 1000, 600_000),
    'an idle kept-alive connection is closed after this many ms',
  ),
  HTTP_IDLE_TIMEOUT_MS: described(
    env.int(30_000, 1000, 3_600_000),
    'a socket with no bytes either way for this many ms is closed (silent or stalled clients)',
  ),
  HTTP_MAX_CONNECTIONS: described(env.int(1000, 10, 1_000_000), 'connections served at once; more are refused'),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: described(
    v.optional(intInRange(0, 1_000_000)),
    'sockets one client address may hold open (0 = no cap), below HTTP_MAX_CONNECTIONS; more get 503. Unset: 100 (at most half of HTTP_MAX_CONNECTIONS), and no cap with TRUST_PROXY, where every socket comes from the proxy and the cap belongs at the proxy',
  ),
  IMPORT_MAX_BYTES: described(
    env.int(256 * 1024 * 1024, 1024, 2 ** 31),
    'largest CSV contact import accepted, in bytes (256 MiB); larger files get 413',
  ),
  IMPORT_CRM_WAIT_MS: described(
    env.int(120_000, 1000, 3_600_000),
    'how long (ms) an import waits for crm (e.g. while it restarts) to take a chunk before it fails',
  ),
  /** High by default so an office or a campus behind one address keeps its visits. */
  PIXEL_HITS_PER_MINUTE: described(
    env.int(6000, 1, 10_000_000),
    'pixel hits (page views and events together) stored per client address a minute; the rest still get the GIF (`X-Pixel-Dropped: rate_limited`) and are counted, not stored',
  ),
  /**
   * Bigger, rarer batches cost the analytics service less per hit (one transaction per batch);
   * hits wait a little longer. Embedded, every batch is a transaction on the one database.
   */
  PIXEL_FLUSH_MS: described(
    v.optional(intInRange(5, 5000)),
    'pixel hits are published in a batch every this many ms (or sooner, see PIXEL_BATCH_MAX_HITS). Unset: 500 on NATS (a batch per session partition each time), 250 on the embedded bus',
  ),
  PIXEL_BATCH_MAX_HITS: described(
    v.optional(intInRange(1, 1000)),
    'a batch of pixel hits is published at once when it holds this many hits (or 512 KiB of JSON). Unset: 1000',
  ),
  PIXEL_BACKLOG_MAX_HITS: described(
    env.int(20_000, 1, 10_000_000),
    'pixel hits kept in memory per kind (page views, events) while the bus is away; past it hits are dropped as `buffer_full` (still answered with the GIF) and counted',
  ),
  PIXEL_BACKLOG_MAX_BYTES: described(
    env.int(8 * 1024 * 1024, 64 * 1024, 2 ** 31),
    'the same bound in bytes of hit JSON (8 MiB)',
  ),
  GEOIP_DATABASE: described(
    v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.check((s) => s !== '', 'give the .mmdb file paths, or off'),
      ),
    ),
    "where visitors and leads are: MaxMind DB (.mmdb) files of a GeoIP2/GeoLite2 City or Country database, or ip-location-db's, comma-separated (an IPv4 and an IPv6 file together); `off`: no location. Unset: the DB-IP Lite City database installed with the gateway (CC BY 4.0: the dashboard credits DB-IP). Read at start-up; the client address is never stored",
  ),
  INBOUND_MAX_BYTES: described(
    env.int(25 * 1024 * 1024, 64 * 1024, 40 * 1024 * 1024),
    'largest inbound mail post read, in bytes (25 MiB); a larger one gets 413',
  ),
  INBOUND_PARSE_CONCURRENCY: described(
    env.int(2, 1, 64),
    "inbound mail posts handed over to the mailer at a time (each is read into the bus's large-payload store, then waits for the mailer to parse and store it)",
  ),
  INBOUND_PARSE_QUEUE: described(
    env.int(16, 0, 1000),
    "inbound mail posts admitted beyond those being handed over, their bodies waiting on disk (the system's temporary folder); past it 503 + `Retry-After`",
  ),
  EMBED_FRAME_ANCESTORS: described(
    v.pipe(
      env.string(site.origin),
      v.check((s) => !(parseFrameAncestors(s) instanceof Error), 'must be origins such as https://seller.example'),
    ),
    "origins (`https://host[:port]`, space- or comma-separated) of the seller's own sites that may show the lot map `/embed` in a frame; this site always may, and every other page may be framed by this site only",
  ),
});

/**
 * The keys, and ADMIN_PASSWORD held to the one staff password policy (the dashboard's and
 * `pnpm admin:create-user`'s), so the first administrator's password is no weaker than any other.
 */
const adminPasswordProblem = (c: v.InferOutput<typeof GatewayEnvSchema>) =>
  c.ADMIN_PASSWORD === undefined ? null : passwordPolicyProblem(c.ADMIN_PASSWORD, c.ADMIN_USERNAME ?? '');

export const GatewayConfigSchema = v.pipe(
  GatewayEnvSchema,
  v.forward(
    v.check(
      (c) => (c.HTTP_MAX_CONNECTIONS_PER_ADDRESS ?? 0) < c.HTTP_MAX_CONNECTIONS,
      'must be below HTTP_MAX_CONNECTIONS, so one address can never hold every connection (0 = no cap)',
    ),
    ['HTTP_MAX_CONNECTIONS_PER_ADDRESS'],
  ),
  v.forward(
    v.check(
      (c) => adminPasswordProblem(c) === null,
      (issue) => adminPasswordProblem(issue.input) ?? 'does not meet the password policy',
    ),
    ['ADMIN_PASSWORD'],
  ),
);

export type GatewayConfig = v.InferOutput<typeof GatewayConfigSchema>;

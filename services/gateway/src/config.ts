/**
 * The gateway's configuration (and the one-process product's, which adds DATA_DIR).
 * Parsed once at start-up; see `.env.example` for every key.
 */
import * as v from 'valibot';
import { passwordPolicyProblem, site } from '@lp/contracts';
import { env, runtimeEnvEntries, withMailPublicUrl } from '@lp/runtime';
import { parseFrameAncestors } from './middleware/security-headers.ts';

/** An integer key without a default: unset stays undefined (the code picks by mode). */
const intInRange = (min: number, max: number) =>
  v.pipe(v.string(), v.transform(Number), v.integer('must be an integer'), v.minValue(min), v.maxValue(max));

const GatewayEnvSchema = v.object({
  /** NODE_ENV, LOG_LEVEL, NATS_URL, DATABASE_URL, HEALTH_PORT, BUS_*, DB_POOL_MAX. */
  ...runtimeEnvEntries,
  HOST: env.string('0.0.0.0'),
  PORT: env.int(3000, 0, 65535),
  /** Absolute or repo-relative folder with the built web app (`web/dist`). */
  WEB_DIST: env.string('web/dist'),
  DATA_DIR: env.string('./data'),
  /** First administrator, created at start-up when no staff user exists yet. */
  ADMIN_USERNAME: v.optional(v.pipe(v.string(), v.minLength(3), v.maxLength(100))),
  /** Checked against the staff password policy (`passwordPolicyProblem`), with ADMIN_USERNAME. */
  ADMIN_PASSWORD: v.optional(v.string()),
  SESSION_TTL_HOURS: env.int(12, 1, 24 * 30),
  /**
   * Secure cookies; defaults to on in production. Secure cookies over plain HTTP cannot work, so
   * with it on the gateway refuses to start unless TRUST_PROXY says TLS ends in front of it;
   * COOKIE_SECURE=false is the explicit opt-out (sign-in over plain HTTP).
   */
  COOKIE_SECURE: v.optional(env.bool(false)),
  /** Honour X-Forwarded-For / -Proto / -Host from a reverse proxy. */
  TRUST_PROXY: env.bool(false),
  /**
   * How many trusted proxies append to X-Forwarded-For: the client address is the one the
   * outermost of them wrote (that many entries from the right), never what the client wrote.
   */
  TRUST_PROXY_HOPS: env.int(1, 1, 10),
  /** Forms submitted faster than this are treated as bots (answered like a success, not stored). */
  SPAM_MIN_FILL_MS: env.int(2000, 0, 60_000),
  /** Per-IP form submissions allowed per 10 minutes. */
  CONTACT_RATE_LIMIT: env.int(20, 1, 10_000),
  /** CSV contact imports allowed per 10 minutes per staff user, and per client address. */
  IMPORT_RATE_LIMIT: env.int(10, 1, 10_000),
  /**
   * Posts allowed per minute per client address to each provider webhook (e-mail events,
   * inbound mail), counted before the secret is checked, so guessing it is throttled too.
   */
  WEBHOOK_RATE_LIMIT: env.int(600, 1, 1_000_000),
  /**
   * Failed sign-ins allowed per 15 minutes per username from one address (with growing delays
   * between them), and per address across usernames.
   */
  LOGIN_MAX_FAILURES_PER_USER: env.int(5, 1, 1000),
  LOGIN_MAX_FAILURES_PER_IP: env.int(20, 1, 10_000),
  /**
   * Password hashes (scrypt, about 128 MB each) computed at once in this process; further
   * sign-ins wait in a queue of LOGIN_HASH_QUEUE, served in turn by client address, and past it
   * are answered 503 + Retry-After. One address may have LOGIN_HASHES_PER_ADDRESS sign-ins
   * hashing or waiting at once; more from it are answered 429, so a flood from a few addresses
   * cannot keep anyone else from signing in.
   */
  LOGIN_MAX_CONCURRENT_HASHES: env.int(2, 1, 16),
  LOGIN_HASH_QUEUE: env.int(20, 0, 1000),
  LOGIN_HASHES_PER_ADDRESS: env.int(2, 1, 100),
  /** Server timeouts and limits (milliseconds), set explicitly rather than left to Node's defaults. */
  HTTP_HEADERS_TIMEOUT_MS: env.int(10_000, 1000, 600_000),
  HTTP_REQUEST_TIMEOUT_MS: env.int(120_000, 1000, 3_600_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: env.int(65_000, 1000, 600_000),
  /** A socket with no bytes either way for this long is closed (silent or stalled clients). */
  HTTP_IDLE_TIMEOUT_MS: env.int(30_000, 1000, 3_600_000),
  HTTP_MAX_CONNECTIONS: env.int(1000, 10, 1_000_000),
  /**
   * Sockets one client address may hold open at once (0 = no cap); must stay below
   * HTTP_MAX_CONNECTIONS. Unset: 100 (at most half of HTTP_MAX_CONNECTIONS), and no cap with
   * TRUST_PROXY, where every socket comes from the proxy and the cap belongs at the proxy.
   */
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: v.optional(intInRange(0, 1_000_000)),
  /**
   * Pixel hits kept in memory per kind (page views, events) while the bus is away, as a count
   * and as bytes of JSON; hits past either bound are refused (503) and counted as dropped.
   */
  /** Largest CSV contact import accepted (bytes); larger files are answered 413. */
  IMPORT_MAX_BYTES: env.int(256 * 1024 * 1024, 1024, 2 ** 31),
  /** How long an import waits for crm to answer a chunk (e.g. while crm restarts) before failing. */
  IMPORT_CRM_WAIT_MS: env.int(120_000, 1000, 3_600_000),
  PIXEL_BACKLOG_MAX_HITS: env.int(20_000, 1, 10_000_000),
  /**
   * Pixel hits (page views and events together) kept per client address per minute; the rest
   * still get the GIF (with `X-Pixel-Dropped: rate_limited`) and are counted, not stored. High
   * by default so an office or a campus behind one address keeps its visits.
   */
  PIXEL_HITS_PER_MINUTE: env.int(6000, 1, 10_000_000),
  /**
   * The write buffers publish a batch of pixel hits every PIXEL_FLUSH_MS, or at once when it
   * holds PIXEL_BATCH_MAX_HITS hits (or 512 KiB of JSON). Bigger, rarer batches cost the
   * analytics service less per hit (one transaction per batch); hits wait a little longer.
   * Unset: 100 ms / 1000 hits on NATS, 250 ms / 1000 hits on
   * the embedded bus, where every batch is a transaction on the one embedded database.
   */
  PIXEL_FLUSH_MS: v.optional(intInRange(5, 5000)),
  PIXEL_BATCH_MAX_HITS: v.optional(intInRange(1, 1000)),
  PIXEL_BACKLOG_MAX_BYTES: env.int(8 * 1024 * 1024, 64 * 1024, 2 ** 31),
  /**
   * The shared secret of the inbound mail webhooks (`POST /api/inbound/{provider}`), given as
   * `?secret=` or as the password of basic auth. Unset: every inbound post is refused (401).
   */
  WEBHOOK_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  /** The largest inbound mail post read (bytes); a larger one is refused with 413. */
  INBOUND_MAX_BYTES: env.int(25 * 1024 * 1024, 64 * 1024, 40 * 1024 * 1024),
  /** Inbound mail posts parsed and published at a time (each holds its message's text in memory). */
  INBOUND_PARSE_CONCURRENCY: env.int(2, 1, 64),
  /**
   * Inbound mail posts admitted beyond those being parsed: their bodies wait on disk (the system's
   * temporary folder) for their turn. Past it a post is answered 503 with Retry-After.
   */
  INBOUND_PARSE_QUEUE: env.int(16, 0, 1000),
  /**
   * Origins (space- or comma-separated, `https://host[:port]`) of the seller's own sites that may
   * show the lot map (`/embed`) in a frame; this site itself always may. Every other page may be
   * framed by this site only.
   */
  EMBED_FRAME_ANCESTORS: v.pipe(
    env.string(site.origin),
    v.check((s) => !(parseFrameAncestors(s) instanceof Error), 'must be origins such as https://seller.example'),
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
  // Unset MAIL_PUBLIC_URL: this site's own origin (http://localhost:PORT), never the live site's.
  v.transform(withMailPublicUrl),
);

export type GatewayConfig = v.InferOutput<typeof GatewayConfigSchema>;

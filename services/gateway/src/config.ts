/**
 * The gateway's configuration (and the one-process product's, which adds DATA_DIR).
 * Parsed once at start-up; see `.env.example` for every key.
 */
import * as v from 'valibot';
import { env, runtimeEnvEntries } from '@lp/runtime';

export const GatewayConfigSchema = v.object({
  /** NODE_ENV, LOG_LEVEL, NATS_URL, DATABASE_URL, HEALTH_PORT, BUS_*, DB_POOL_MAX. */
  ...runtimeEnvEntries,
  HOST: env.string('0.0.0.0'),
  PORT: env.int(3000, 0, 65535),
  /** Absolute or repo-relative folder with the built web app (`web/dist`). */
  WEB_DIST: env.string('web/dist'),
  DATA_DIR: env.string('./data'),
  /** First administrator, created at start-up when no staff user exists yet. */
  ADMIN_USERNAME: v.optional(v.pipe(v.string(), v.minLength(3), v.maxLength(100))),
  ADMIN_PASSWORD: v.optional(v.pipe(v.string(), v.minLength(10, 'must be at least 10 characters'))),
  SESSION_TTL_HOURS: env.int(12, 1, 24 * 30),
  /** Secure cookies; defaults to on in production. */
  COOKIE_SECURE: v.optional(env.bool(false)),
  /** Honour X-Forwarded-For / -Proto from a reverse proxy. */
  TRUST_PROXY: env.bool(false),
  /** Lead forms submitted faster than this are treated as bots (answered like a success, not stored). */
  SPAM_MIN_FILL_MS: env.int(2000, 0, 60_000),
  /** Per-IP lead submissions allowed per 10 minutes. */
  CONTACT_RATE_LIMIT: env.int(20, 1, 10_000),
  /** Failed sign-ins allowed per 15 minutes, per username and per IP. */
  LOGIN_MAX_FAILURES_PER_USER: env.int(5, 1, 1000),
  LOGIN_MAX_FAILURES_PER_IP: env.int(20, 1, 10_000),
  /**
   * Pixel hits kept in memory per kind (page views, events) while the bus is away, as a count
   * and as bytes of JSON; hits past either bound are refused (503) and counted as dropped.
   */
  PIXEL_BACKLOG_MAX_HITS: env.int(20_000, 1, 10_000_000),
  PIXEL_BACKLOG_MAX_BYTES: env.int(8 * 1024 * 1024, 64 * 1024, 2 ** 31),
});

export type GatewayConfig = v.InferOutput<typeof GatewayConfigSchema>;

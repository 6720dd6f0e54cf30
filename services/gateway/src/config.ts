/**
 * The gateway's configuration (and the one-process product's, which adds DATA_DIR).
 * Parsed once at start-up; see `.env.example` for every key.
 */
import * as v from 'valibot';
import { env } from '@lp/runtime';

export const GatewayConfigSchema = v.object({
  NODE_ENV: env.nodeEnv(),
  LOG_LEVEL: env.logLevel(),
  HOST: env.string('0.0.0.0'),
  PORT: env.int(3000, 0, 65535),
  /** Absolute or repo-relative folder with the built web app (`web/dist`). */
  WEB_DIST: env.string('web/dist'),
  /** Distributed mode: set both. The one-process product leaves them empty. */
  NATS_URL: v.optional(v.string()),
  DATABASE_URL: v.optional(v.string()),
  DATA_DIR: env.string('./data'),
  BUS_NAMESPACE: env.string(''),
  BUS_ACK_WAIT_MS: env.int(30_000, 500),
  BUS_STREAM_REPLICAS: env.int(1, 1, 5),
  DB_POOL_MAX: env.int(10, 1, 100),
  /**
   * Internal port for `/healthz`, `/readyz` and `/metrics` (0 = none). The public port answers
   * health checks but never `/metrics`: counters are for operators, not for visitors.
   */
  HEALTH_PORT: env.int(0, 0, 65535),
  /** First administrator, created at start-up when no staff user exists yet. */
  ADMIN_USERNAME: v.optional(v.pipe(v.string(), v.minLength(3), v.maxLength(100))),
  ADMIN_PASSWORD: v.optional(v.pipe(v.string(), v.minLength(10, 'must be at least 10 characters'))),
  SESSION_TTL_HOURS: env.int(12, 1, 24 * 30),
  /** Secure cookies; defaults to on in production. */
  COOKIE_SECURE: v.optional(env.bool(false)),
  /** Honour X-Forwarded-For / -Proto from a reverse proxy. */
  TRUST_PROXY: env.bool(false),
  /** Forms submitted faster than this are treated as bots (answered like a success, not stored). */
  SPAM_MIN_FILL_MS: env.int(2000, 0, 60_000),
  /** Per-IP form submissions allowed per 10 minutes. */
  CONTACT_RATE_LIMIT: env.int(20, 1, 10_000),
  /** Failed sign-ins allowed per 15 minutes, per username and per IP. */
  LOGIN_MAX_FAILURES_PER_USER: env.int(5, 1, 1000),
  LOGIN_MAX_FAILURES_PER_IP: env.int(20, 1, 10_000),
});

export type GatewayConfig = v.InferOutput<typeof GatewayConfigSchema>;

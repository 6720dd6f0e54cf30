/**
 * Configuration, parsed once per process from the environment with a valibot schema.
 * Start-up fails with the full list of what is missing or malformed. Nothing else in the
 * codebase reads `process.env`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import * as v from 'valibot';
import { DEFAULT_SITE_TIME_ZONE } from '@lp/contracts';

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

export function parseConfig<S extends v.GenericSchema<Record<string, unknown>, unknown>>(
  schema: S,
  env: Env = processEnvWithDotEnv(),
): v.InferOutput<S> {
  // Empty strings count as "not set", so `FOO= pnpm start` behaves like leaving FOO out.
  const cleaned: Env = {};
  for (const [k, val] of Object.entries(env)) if (val !== undefined && val !== '') cleaned[k] = val;
  const result = v.safeParse(schema, cleaned);
  if (result.success) return result.output;
  throw new ConfigError(
    result.issues.map((i) => `${i.path?.map((p) => String(p.key)).join('.') ?? '?'}: ${i.message}`),
  );
}

/**
 * The process environment over the keys of `./.env`, when that file exists (see
 * `.env.example`): what the environment sets wins, and process.env itself is left as it is.
 */
export function processEnvWithDotEnv(file = '.env'): Env {
  if (!existsSync(file)) return process.env;
  return { ...parseEnv(readFileSync(file, 'utf8')), ...process.env };
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Reusable field schemas for environment variables. */
export const env = {
  string: (fallback?: string) => (fallback === undefined ? v.string() : v.optional(v.string(), fallback)),
  url: (fallback?: string) =>
    fallback === undefined ? v.pipe(v.string(), v.url()) : v.optional(v.pipe(v.string(), v.url()), fallback),
  int: (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
    v.optional(
      v.pipe(v.string(), v.transform(Number), v.integer('must be an integer'), v.minValue(min), v.maxValue(max)),
      String(fallback),
    ),
  bool: (fallback: boolean) =>
    v.optional(
      v.pipe(
        v.picklist(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false'),
        v.transform((s) => s === 'true' || s === '1' || s === 'yes'),
      ),
      (fallback ? 'true' : 'false') as 'true' | 'false',
    ),
  /** An IANA time zone name (`America/Phoenix`, `UTC`) that both Node's Intl and PostgreSQL know. */
  timeZone: (fallback: string) =>
    v.optional(
      v.pipe(
        v.string(),
        v.regex(
          /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/,
          'must be an IANA time zone name, e.g. America/Phoenix',
        ),
        v.check(isTimeZone, 'must be an IANA time zone name, e.g. America/Phoenix'),
      ),
      fallback,
    ),
  logLevel: () => v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  nodeEnv: () => v.optional(v.picklist(['development', 'production', 'test']), 'development'),
};

/**
 * Keys every process understands, the gateway's and the one-process product's included: each
 * is declared once, here, and documented once in `.env.example`.
 */
export const runtimeEnvEntries = {
  NODE_ENV: env.nodeEnv(),
  LOG_LEVEL: env.logLevel(),
  /**
   * The site's time zone: analytics days start at midnight there, and the staff dashboard shows
   * every date and time in it (and names it). Checked at start: an unknown zone stops the process.
   */
  SITE_TIME_ZONE: env.timeZone(DEFAULT_SITE_TIME_ZONE),
  /** Distributed mode: set both. The one-process product leaves them empty. */
  NATS_URL: v.optional(v.string()),
  DATABASE_URL: v.optional(v.string()),
  /**
   * Internal port for `/healthz`, `/readyz` and `/metrics` (0 = none for the gateway, any free
   * port for a service). A public port answers health checks but never `/metrics`.
   */
  HEALTH_PORT: env.int(0, 0, 65535),
  BUS_NAMESPACE: env.string(''),
  BUS_ACK_WAIT_MS: env.int(30_000, 500),
  BUS_STREAM_REPLICAS: env.int(1, 1, 5),
  DB_POOL_MAX: env.int(10, 1, 100),
  /**
   * PostgreSQL ends a session idle inside a transaction this long (ms), releasing its locks; and
   * any statement running longer than DB_STATEMENT_TIMEOUT_MS (0 = no limit: migrations and
   * analytics re-aggregations may rightly run for minutes).
   */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: env.int(60_000, 0, 86_400_000),
  DB_STATEMENT_TIMEOUT_MS: env.int(0, 0, 86_400_000),
  /**
   * E-mail (read by the mailer; the gateway reads WEBHOOK_SECRET). Without SMTP_URL messages go
   * to the outbox and are shown as not delivered. MAIL_PUBLIC_URL is where recipients' links
   * (tracking, unsubscribe) point: the site's public origin. Without TRACKING_SECRET the mailer
   * keeps a generated one in its schema.
   */
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must be smtp:// or smtps://'))),
  MAIL_SEND_RATE: env.int(50, 0, 100_000),
  MAIL_SMTP_POOL: env.int(5, 1, 100),
  /**
   * Messages handed to SMTP per pooled connection at once (one in its transaction, the others
   * queued behind it, so a connection never waits for the database): the most messages whose fate
   * is unknown after a crash is MAIL_SMTP_POOL × MAIL_SMTP_PIPELINE.
   */
  MAIL_SMTP_PIPELINE: env.int(4, 1, 50),
  /**
   * While the mail relay is not answering, sending is paused and the relay is asked again after
   * 1 s, then twice as long each time, up to this many ms; sending resumes when it answers.
   */
  MAIL_RELAY_PROBE_MAX_MS: env.int(60_000, 100, 3_600_000),
  /** A 4xx reply to a message: tried again after this many ms, doubling each time (8 attempts in all). */
  MAIL_RETRY_FIRST_MS: env.int(5_000, 10, 3_600_000),
  MAIL_PUBLIC_URL: env.url('https://lakepowelllots.com'),
  TRACKING_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  WEBHOOK_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
};

/** The keys every process understands, parsed (a service's deps carry them). */
export type RuntimeConfig = v.InferOutput<v.ObjectSchema<typeof runtimeEnvEntries, undefined>>;

/** Keys of a background service process (distributed mode), which needs NATS and Postgres. */
export const serviceEnvEntries = {
  ...runtimeEnvEntries,
  NATS_URL: v.pipe(v.string(), v.minLength(1)),
  DATABASE_URL: v.pipe(v.string(), v.minLength(1)),
};

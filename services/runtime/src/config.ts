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

/** A setting with its description, which `pnpm docs:config` writes into docs/configuration.md. */
export const described = <S extends v.GenericSchema>(schema: S, text: string) =>
  v.pipe(schema, v.description<v.InferOutput<S>, string>(text));

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
 * is declared once, here, with its description (`pnpm docs:config` writes the configuration
 * reference, docs/configuration.md, from these schemas) and listed in `.env.example`.
 */
export const runtimeEnvEntries = {
  NODE_ENV: described(env.nodeEnv(), '`production` turns on Secure session cookies and Strict-Transport-Security'),
  LOG_LEVEL: described(env.logLevel(), 'pino level; logs are JSON lines with `reqId` / `eventId`'),
  SITE_TIME_ZONE: described(
    env.timeZone(DEFAULT_SITE_TIME_ZONE),
    'IANA time zone of the site: analytics days start at midnight there, and the staff dashboard shows every date and time in it (and names it); an unknown zone stops the process at start',
  ),
  NATS_URL: described(
    v.optional(v.string()),
    'distributed mode: `nats://host:4222` (comma-separated for a cluster); set it with DATABASE_URL on every process, leave both empty for the one-process product',
  ),
  DATABASE_URL: described(
    v.optional(v.string()),
    'distributed mode: `postgres://user:password@host:5432/db`; set it with NATS_URL',
  ),
  HEALTH_PORT: described(
    env.int(0, 0, 65535),
    'internal port for `/healthz`, `/readyz` and `/metrics`. Gateway: 0 = none (its public port answers `/healthz` and `/readyz`, never `/metrics`); a background service: 0 picks a free port. Processes on one host need different non-zero ones',
  ),
  BUS_NAMESPACE: described(
    env.string(''),
    'prefix for streams, subjects and durables, so several deployments (or a bench) share one NATS server; every process of a deployment sets the same one',
  ),
  BUS_ACK_WAIT_MS: described(env.int(30_000, 500), 'a message not acknowledged within this many ms is delivered again'),
  BUS_STREAM_REPLICAS: described(env.int(1, 1, 5), 'copies of each JetStream stream: `3` on a 3-node NATS cluster'),
  DB_POOL_MAX: described(env.int(10, 1, 100), 'PostgreSQL connections per process'),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: described(
    env.int(60_000, 0, 86_400_000),
    'PostgreSQL ends a session idle inside a transaction this long (ms), releasing its locks (0 = never)',
  ),
  DB_STATEMENT_TIMEOUT_MS: described(
    env.int(0, 0, 86_400_000),
    'statements running longer (ms) are cancelled; 0 = no limit, since migrations and analytics re-aggregations may rightly take minutes',
  ),
  TRACKING_SECRET: described(
    v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
    'key of the signed tracking links; unset, one is generated once and kept in the database (distributed: set it on every process or on none)',
  ),
  WEBHOOK_SECRET: described(
    v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
    'shared secret of the provider webhooks, `POST /api/email-events/{provider}` and `POST /api/inbound/{sendgrid|mailgun|postmark|raw}` (`?secret=` or the basic-auth password); unset, every post to them is refused (e-mail events 503, inbound mail 401)',
  ),
};

/** The gateway's default port: a process that does not serve the site assumes the site is there. */
export const DEFAULT_SITE_PORT = 3000;

/**
 * The origin of a site served on HOST:PORT, as a browser on the same machine opens it: a
 * wildcard address (every interface) is `localhost`, an IPv6 address goes in brackets.
 */
export function localOrigin(host: string, port: number): string {
  const name =
    host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** Whether links to this URL only work on the machine that sent them (localhost, 127.x, ::1). */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '[::1]';
}

/** Keys of a background service process (distributed mode), which needs NATS and Postgres. */
export const serviceEnvEntries = {
  ...runtimeEnvEntries,
  NATS_URL: v.pipe(v.string(), v.minLength(1), v.description('`nats://host:4222` (comma-separated for a cluster)')),
  DATABASE_URL: v.pipe(v.string(), v.minLength(1), v.description('`postgres://user:password@host:5432/db`')),
};

/** The keys every process understands, parsed (a service's deps carry them). */
export const RuntimeConfigSchema = v.object(runtimeEnvEntries);
export type RuntimeConfig = v.InferOutput<typeof RuntimeConfigSchema>;

/** A background service process's configuration. */
export const ServiceConfigSchema = v.object(serviceEnvEntries);

/**
 * Boots the real platform for a test: the gateway and every service, serving the built web
 * app, on the embedded backends (PGlite copied from a migrated template + in-process bus)
 * or on real Postgres + NATS (a fresh database and a private bus namespace per stack,
 * both removed on stop).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { describe, inject, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createGatewayHandler,
  createLotCache,
  GATEWAY_MIGRATIONS_DIR,
  GatewayConfigSchema,
  geoDatabasePathsOf,
  openGeoDatabase,
  startPlatform,
  type Platform,
} from '@lp/gateway';
import {
  BUS_MIGRATIONS_DIR,
  Counters,
  createLogger,
  type Logger,
  createPglite,
  deleteBusNamespace,
  migrate,
  namespacer,
  openPglite,
  parseConfig,
  type PGlite,
  type ServiceDefinition,
} from '@lp/runtime';
import { LARGE_PAYLOADS } from '@lp/contracts';
import { ALL_SERVICES } from '../../scripts/services.ts';

export type Backend = 'embedded' | 'real';

export type Stack = {
  baseUrl: string;
  backend: Backend;
  admin: { username: string; password: string };
  platform: Platform;
  /** The configuration the stack runs with (DATABASE_URL, NATS_URL, BUS_NAMESPACE on real backends). */
  env: Record<string, string>;
  /** Signs the admin in; returns the bearer token. */
  login(): Promise<string>;
  /** fetch against the stack, JSON in and out. */
  api(
    path: string,
    init?: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  stop(): Promise<void>;
};

/** Sends a visitor's lead from a lot's page (the lot page form), naming `lotNumber`; answers the response. */
export const sendLotLead = (stack: Pick<Stack, 'api'>, lotNumber: number, email = 'ada@example.com') =>
  stack.api('/api/contact', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    body: {
      firstName: 'Ada',
      lastName: 'Lake',
      phone: '9285550100',
      email,
      source: 'lot-page',
      lotNumber,
      website: '',
    },
  });

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
/**
 * MaxMind's GeoLite2 City test database (services/gateway/src/geo/fixtures): a few public
 * addresses with known places (216.160.83.56 is Milton, Washington, US), read in milliseconds.
 */
export const TEST_GEOIP_DATABASE = fileURLToPath(
  new URL('../../services/gateway/src/geo/fixtures/GeoLite2-City-Test.mmdb', import.meta.url),
);

/** The backends a suite runs on: embedded always; real ones when the run has them. */
export function backendsUnderTest(): { backend: Backend; skip: string | false }[] {
  const real = inject('realBackends');
  return [
    { backend: 'embedded', skip: false },
    { backend: 'real', skip: 'unavailable' in real ? real.unavailable : false },
  ];
}

/**
 * Declares a suite once per backend pair. Where the real backends are unavailable (never under
 * CI=true: the run fails first) the suite shows as one skipped test naming the reason.
 */
export function describeOnEachBackend(title: string, body: (backend: Backend) => void): void {
  describe.each(backendsUnderTest())(`${title} ($backend backends)`, ({ backend, skip }) => {
    if (skip) it.skip(`skipped: ${skip}`, () => {});
    else body(backend);
  });
}

/**
 * Declares a suite that needs the real backends (PostgreSQL, NATS) and hands them to it. Where
 * they are unavailable the suite shows as one skipped test naming the reason.
 */
export function describeOnRealBackends(
  title: string,
  body: (real: { databaseUrl: string; natsUrl: string }) => void,
): void {
  const real = inject('realBackends');
  describe(title, () => {
    if ('unavailable' in real) {
      it.skip(`skipped: ${real.unavailable}`, () => {});
      return;
    }
    body(real);
  });
}

/** fetch against a gateway at `baseUrl`, JSON in and out. */
const apiAt =
  (baseUrl: string): Stack['api'] =>
  (path, init = {}) =>
    fetch(`${baseUrl}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });

let template: Promise<Blob> | undefined;
const REPO = fileURLToPath(new URL('../../', import.meta.url));

/**
 * What a migrated database depends on: every service's source (migrations import SQL from their
 * service's queries) and the lockfile (the PGlite version). A change to any of them makes a new
 * template.
 */
async function sourceKey(): Promise<string> {
  const hash = createHash('sha256');
  const services = (await readdir(join(REPO, 'services'))).map((name) => `services/${name}/src`);
  const files = ['pnpm-lock.yaml'];
  for (const root of [...services, 'contracts/src']) {
    const found = await readdir(join(REPO, root), { recursive: true }).catch(() => []);
    for (const f of found) if (f.endsWith('.ts') && !f.endsWith('.test.ts')) files.push(join(root, f));
  }
  for (const f of files.sort())
    hash
      .update(f)
      .update('\0')
      .update(await readFile(join(REPO, f)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated PGlite, copied for each stack (migrating a fresh one takes seconds). Built once per
 * source version and kept in .tmp/ for the test files that follow (several workers may build it at
 * once: each writes its own file and renames it into place).
 */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = join(REPO, '.tmp', `pglite-template-${await sourceKey()}.tar`);
    const kept = await readFile(file).catch(() => undefined);
    if (kept) return new Blob([kept]);
    const pglite = createPglite();
    const db = await openPglite({ pglite });
    await migrate(db.knex, 'gateway', GATEWAY_MIGRATIONS_DIR);
    await migrate(db.knex, 'bus', BUS_MIGRATIONS_DIR);
    for (const s of ALL_SERVICES) await migrate(db.knex, s.schema, s.migrationsDir);
    const blob = await pglite.dumpDataDir('none');
    await db.close();
    await mkdir(dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await blob.arrayBuffer()));
    await rename(partial, file);
    // Templates of earlier sources are of no more use.
    for (const old of await readdir(dirname(file)))
      if (old.startsWith('pglite-template-') && old.endsWith('.tar') && join(dirname(file), old) !== file)
        await rm(join(dirname(file), old), { force: true });
    return blob;
  })();
  return template;
}

export async function realDatabase(adminUrl: string) {
  const name = `lp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Deletes a test stack's bus namespace (its streams and large-payload bucket) on the shared NATS. */
export const deleteNamespace = deleteBusNamespace;

/**
 * What the stack's large-payload store still holds: rows of `bus.large_payloads` on the embedded
 * bus, chunks in the Object Store bucket on NATS (a deleted object leaves only its metadata).
 * Zero once every hand-over was taken.
 */
export async function largePayloadsLeft(stack: Stack): Promise<number> {
  if (stack.backend === 'embedded') {
    const row = await stack.platform.db.knex.withSchema('bus').table('large_payloads').count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }
  const bucket = namespacer(stack.env.BUS_NAMESPACE ?? '').name(LARGE_PAYLOADS.bucket);
  const nc = await connect({ servers: stack.env.NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams
      .info(`OBJ_${bucket}`, { subjects_filter: `$O.${bucket}.C.>` })
      .catch((err: unknown) => {
        // No bucket yet: nothing was ever handed over.
        if ((err as Error).message.includes('stream not found')) return undefined;
        throw err;
      });
    return Object.values(info?.state.subjects ?? {}).reduce((sum, n) => sum + n, 0);
  } finally {
    await nc.close();
  }
}

export async function startStack(
  opts: {
    backend?: Backend;
    env?: Record<string, string>;
    realBackends?: { databaseUrl: string; natsUrl: string };
    /** The services booted in the stack's process (default: all); others may run as processes of their own. */
    services?: ServiceDefinition[];
  } = {},
): Promise<Stack> {
  const backend = opts.backend ?? 'embedded';
  const admin = { username: 'staff-admin', password: randomBytes(12).toString('base64url') };
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    // No bot timer: browsers fill forms at machine speed. Tests of the timer set their own.
    SPAM_MIN_FILL_MS: '0',
    BUS_ACK_WAIT_MS: '2000',
    WEB_DIST,
    GEOIP_DATABASE: TEST_GEOIP_DATABASE,
    ...opts.env,
  };
  const cleanups: (() => Promise<void>)[] = [];
  let pglite: PGlite | undefined;
  if (backend === 'real') {
    const real = opts.realBackends ?? inject('realBackends');
    if ('unavailable' in real) throw new Error(`real backends unavailable: ${real.unavailable}`);
    const db = await realDatabase(real.databaseUrl);
    const ns = `t${randomBytes(4).toString('hex')}`;
    Object.assign(env, { DATABASE_URL: db.url, NATS_URL: real.natsUrl, BUS_NAMESPACE: ns, DB_POOL_MAX: '4' });
    // Clean up through the run's own NATS, not a hop a test may have cut (bus-outage).
    const runNats = inject('realBackends');
    cleanups.push(db.drop, () => deleteNamespace('unavailable' in runNats ? real.natsUrl : runNats.natsUrl, ns));
  } else {
    pglite = createPglite({ loadDataDir: await pgliteTemplate() });
  }
  const config = parseConfig(GatewayConfigSchema, env);
  const platform = await startPlatform({
    config,
    log: createLogger('test-stack', config.LOG_LEVEL),
    services: opts.services ?? ALL_SERVICES,
    webDist: WEB_DIST,
    env,
    ...(pglite ? { pglite } : {}),
  });
  const baseUrl = platform.url;
  const api = apiAt(baseUrl);
  return {
    baseUrl,
    backend,
    admin,
    platform,
    env,
    api,
    login: async () => {
      const res = await api('/api/marketing/auth/login', { body: admin });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { token: string }).token;
    },
    stop: async () => {
      await platform.stop();
      for (const c of cleanups) await c().catch(() => {});
    },
  };
}

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export type GatewayReplica = { baseUrl: string; api: Stack['api']; stop(): Promise<void> };

/**
 * Another gateway process on the stack's database and bus (as a second replica behind the same
 * proxy would be): its own HTTP server, app, limiters and metrics, with `env` over the stack's.
 */
export async function startGatewayReplica(
  stack: Stack,
  opts: { env?: Record<string, string>; log?: Logger } = {},
): Promise<GatewayReplica> {
  const config = parseConfig(GatewayConfigSchema, { ...stack.env, ...opts.env });
  const hooks: (() => Promise<void>)[] = [];
  const handler = createGatewayHandler({
    config,
    bus: stack.platform.bus,
    knex: stack.platform.db.knex,
    log: opts.log ?? createLogger('test-replica', config.LOG_LEVEL),
    counters: new Counters(),
    lots: createLotCache(),
    geo: await openGeoDatabase(geoDatabasePathsOf(config.GEOIP_DATABASE)),
    webDist: WEB_DIST,
    onShutdown: (fn) => hooks.push(fn),
  });
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    api: apiAt(baseUrl),
    stop: async () => {
      await new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      });
      for (const fn of hooks) await fn();
    },
  };
}

/**
 * Postgres through Knex, on a real server (`DATABASE_URL`) or on PGlite (Postgres compiled
 * to WASM, the embedded default): same dialect, same migrations, same queries. Each service
 * owns one schema and its own migrations folder; a service never reads another's schema.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PGlite, type PGliteOptions, type QueryOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import pg from 'pg';
import { PgliteThread } from './pglite-thread.ts';
import { registerPgTypeParsers, TYPE_PARSERS } from './type-parsers.ts';

export type { Knex };
export type PGliteInstance = PGlite;
export { PGlite };

registerPgTypeParsers();

/** Migrations of the bus's own tables (schema `bus`): dead letters; embedded, also the streams. */
export const BUS_MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/bus', import.meta.url));

export type Database = {
  knex: Knex;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
};

/**
 * Limits every session of a process's pool sets at connect (milliseconds, 0 = none).
 * `idleInTransactionTimeoutMs`: PostgreSQL ends a session left idle inside a transaction that
 * long (a client that vanished mid-transaction, a process frozen or cut off), so its locks
 * (row locks, the roll-up advisory lock) go with it instead of being held for ever.
 * `statementTimeoutMs`: off by default, since a migration or a year's analytics re-aggregation
 * may rightly take minutes. (The migration lock is held on a connection of its own, see `migrate`.)
 */
export type PostgresSessionLimits = { idleInTransactionTimeoutMs: number; statementTimeoutMs: number };

export const DEFAULT_SESSION_LIMITS: PostgresSessionLimits = {
  idleInTransactionTimeoutMs: 60_000,
  statementTimeoutMs: 0,
};

/** The session limits a process's configuration sets (DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS). */
export const sessionLimitsOf = (config: {
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: number;
  DB_STATEMENT_TIMEOUT_MS: number;
}): PostgresSessionLimits => ({
  idleInTransactionTimeoutMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
});

export async function openPostgres(
  url: string,
  poolMax = 10,
  limits: PostgresSessionLimits = DEFAULT_SESSION_LIMITS,
): Promise<Database> {
  const knex = knexFactory({
    client: 'pg',
    connection: {
      connectionString: url,
      idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
      statement_timeout: limits.statementTimeoutMs,
      // No JIT compilation: the product's queries answer a person waiting on a screen, and a
      // plan estimated above `jit_above_cost` (a parallel scan of a million contacts, a subplan
      // per lead) spent 100–300 ms compiling to save less (bench:segments, first-touch campaign:
      // 500–580 ms asking with JIT, 220–380 ms without, same data).
      options: '-c jit=off',
    },
    pool: { min: 0, max: poolMax },
  });
  return { knex, kind: 'postgres', close: () => knex.destroy() };
}

/**
 * Postgres settings for the embedded database, sized for a small box (a 1 GB virtual machine
 * runs the whole product). The WASM heap only ever grows, so every buffer Postgres sizes at
 * start-up stays resident: initdb's defaults (128 MB of shared buffers, 100 connections) cost
 * about 140 MB of RSS for a database of a few megabytes. Added after PGlite's own start
 * parameters (a later `-c` wins).
 */
export const PGLITE_SMALL_BOX_SETTINGS = {
  shared_buffers: '16MB',
  max_connections: '8',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
} as const;

const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...Object.entries(PGLITE_SMALL_BOX_SETTINGS).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
];

/**
 * A PGlite instance with the small-box settings and the extensions the services' migrations
 * create (pg_trgm: crm's indexed contact search); in memory without a data folder, or loaded
 * from a dump. Every embedded database is made here, so the two backends take the same SQL.
 */
export function createPglite(opts: string | { dataDir?: string; loadDataDir?: Blob } = {}): PGlite {
  const { dataDir, loadDataDir }: { dataDir?: string; loadDataDir?: Blob } =
    typeof opts === 'string' ? { dataDir: opts } : opts;
  const options: PGliteOptions = { startParams: PGLITE_START_PARAMS, extensions: { pg_trgm } };
  if (dataDir) options.dataDir = dataDir;
  if (loadDataDir) options.loadDataDir = loadDataDir;
  return new PGlite(options);
}

/** The part of PGlite's interface Knex's PGlite client uses. */
type PgliteConnection = Pick<PGlite, 'waitReady' | 'closed' | 'close'> & {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown>;
};

/**
 * A PGlite on this thread reading values with the platform's parsers (type-parsers.ts), given
 * with each query: PGlite sets its own array parsers once it has started, over any given to it
 * at creation.
 */
const withPlatformTypes = (pglite: PGlite): PgliteConnection => ({
  get waitReady() {
    return pglite.waitReady;
  },
  get closed() {
    return pglite.closed;
  },
  close: () => pglite.close(),
  query: (sql, params, options) => pglite.query(sql, params, { ...options, parsers: TYPE_PARSERS }),
});

/**
 * PGlite holds one connection: a single Knex instance (pool of 1) must be shared by every
 * service of the process so transactions never interleave. With `thread` (the default for a
 * data folder: the product) the database runs on a thread of its own (pglite-thread.ts), so
 * its statements never hold up the process's HTTP requests; a given `pglite` instance (tests
 * load a template into one) and an in-memory database without `thread` run on this thread.
 */
export async function openPglite(
  opts: { dataDir?: string; pglite?: PGlite; thread?: boolean } = {},
): Promise<Database> {
  const onThread = !opts.pglite && (opts.thread ?? Boolean(opts.dataDir));
  const pglite: PgliteConnection = onThread
    ? new PgliteThread({ dataDir: opts.dataDir, startParams: PGLITE_START_PARAMS })
    : withPlatformTypes(opts.pglite ?? createPglite(opts.dataDir));
  await pglite.waitReady;
  const knex = knexFactory({
    client: ClientPgLite as unknown as typeof knexFactory.Client,
    dialect: 'postgres',
    connection: () => ({ pglite }) as object,
  } as Knex.Config);
  return {
    knex,
    kind: 'pglite',
    close: async () => {
      await knex.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** Migrations of one service: every `*.ts`/`*.js` file of a folder, in file-name order. */
class FolderMigrationSource implements Knex.MigrationSource<string> {
  constructor(private readonly dir: string) {}
  async getMigrations() {
    return readdirSync(this.dir)
      .filter((f) => /^\d.*\.(ts|js)$/.test(f) && !f.endsWith('.d.ts') && !f.includes('.test.'))
      .sort();
  }
  getMigrationName(name: string) {
    return name.replace(/\.(ts|js)$/, '');
  }
  async getMigration(name: string): Promise<Knex.Migration> {
    return (await import(pathToFileURL(join(this.dir, name)).href)) as Knex.Migration;
  }
}

/**
 * Applies a schema's migrations. On PostgreSQL several processes may start at once (every
 * service and the gateway migrate the shared `bus` schema, replicas migrate their own): they
 * take turns under an advisory lock per schema, where Knex's own lock would make the second one
 * fail. PGlite serves one process on one connection, so it needs no such lock.
 */
export async function migrate(knex: Knex, schema: string, dir: string): Promise<string[]> {
  const run = async () => {
    await knex.raw('create schema if not exists ??', [schema]);
    const [, applied] = (await knex.migrate.latest({
      schemaName: schema,
      tableName: 'knex_migrations',
      migrationSource: new FolderMigrationSource(dir),
    })) as [number, string[]];
    return applied;
  };
  if (knex.client.config.client !== 'pg') return run();
  return withMigrationLock(knex, `lp-migrate:${schema}`, run);
}

/**
 * Runs `fn` holding a session advisory lock taken on a connection of its own, outside the pool:
 * so it works with a pool of one connection (DB_POOL_MAX=1), and it is no transaction left idle
 * while Knex migrates, which DB_IDLE_IN_TRANSACTION_TIMEOUT_MS would end, lock and all, during a
 * long migration. Without a statement timeout: waiting for another process's migrations may
 * rightly take minutes. Ending the session releases the lock, also if this process dies.
 */
async function withMigrationLock<T>(knex: Knex, key: string, fn: () => Promise<T>): Promise<T> {
  const connection = knex.client.config.connection as string | pg.ClientConfig;
  const client = new pg.Client(
    typeof connection === 'string'
      ? { connectionString: connection }
      : { ...connection, statement_timeout: 0, idle_in_transaction_session_timeout: 0 },
  );
  // Losing this connection mid-migration only gives up the turn; it must not crash the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [key]);
    return await fn();
  } finally {
    await client.end().catch(() => {});
  }
}

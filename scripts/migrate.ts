/**
 * `pnpm migrate`: applies every schema's migrations (gateway and each service) to
 * DATABASE_URL. Deployments run it once before the services start; each service also
 * migrates its own schema and the shared `bus` schema at start-up (an advisory lock per schema
 * makes concurrent runs take turns).
 */
import * as v from 'valibot';
import { GATEWAY_MIGRATIONS_DIR } from '@lp/gateway';
import { BUS_MIGRATIONS_DIR, createLogger, migrate, openPostgres, parseConfig, redactUrl } from '@lp/runtime';
import { ALL_SERVICES } from './services.ts';

const config = parseConfig(v.object({ DATABASE_URL: v.pipe(v.string(), v.minLength(1)) }));
const log = createLogger('migrate');
const db = await openPostgres(config.DATABASE_URL, 2);
try {
  for (const [schema, dir] of [
    ['gateway', GATEWAY_MIGRATIONS_DIR],
    ['bus', BUS_MIGRATIONS_DIR],
    ...ALL_SERVICES.map((s) => [s.schema, s.migrationsDir]),
  ] as const) {
    const applied = await migrate(db.knex, schema, dir);
    log.info({ schema, applied, database: redactUrl(config.DATABASE_URL) }, 'migrated');
  }
} finally {
  await db.close();
}

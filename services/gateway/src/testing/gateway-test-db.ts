/**
 * For unit tests: an in-memory PGlite with the gateway's migrations applied, so code that
 * counts in `gateway.rate_counters` (rate limits, the sign-in throttle) runs its real SQL.
 */
import { fileURLToPath } from 'node:url';
import { migrate, openPglite, type Database } from '@lp/runtime';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));

export async function openGatewayTestDb(): Promise<Database> {
  const db = await openPglite();
  await migrate(db.knex, 'gateway', MIGRATIONS);
  return db;
}

/** Forgets every counted hit (between tests that reuse addresses and limit names). */
export async function clearRateCounters(db: Database): Promise<void> {
  await db.knex.withSchema('gateway').table('rate_counters').delete();
}

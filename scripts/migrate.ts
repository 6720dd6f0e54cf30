/**
 * `pnpm migrate`: applies every declaration's migrations (the gateway's and each service's) to
 * DATABASE_URL. Deployments run it once before the services start; each service also migrates
 * its own schema at start-up (Knex's migration lock makes concurrent runs safe).
 */
import * as v from 'valibot';
import { gatewayService } from '@lp/gateway';
import { createLogger, migrateServices, openPostgres, parseConfig, redactUrl } from '@lp/runtime';
import { ALL_SERVICES } from './services.ts';

const config = parseConfig(v.object({ DATABASE_URL: v.pipe(v.string(), v.minLength(1)) }));
const log = createLogger('migrate').child({ database: redactUrl(config.DATABASE_URL) });
const db = await openPostgres(config.DATABASE_URL, 2);
try {
  await migrateServices(db.knex, [gatewayService, ...ALL_SERVICES], log);
  log.info('migrated');
} finally {
  await db.close();
}

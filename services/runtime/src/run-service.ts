/**
 * `main.ts` of a background service in distributed mode: parse config, connect to NATS and
 * Postgres, migrate the service's schema, ensure streams, start the service, serve health on
 * HEALTH_PORT, and shut down in order on a signal.
 */
import { createServer } from 'node:http';
import Koa from 'koa';
import * as v from 'valibot';
import { connectNatsBus } from './bus/nats-bus.ts';
import { parseConfig, serviceEnvEntries } from './config.ts';
import { BUS_MIGRATIONS_DIR, migrate, openPostgres } from './db/database.ts';
import { mountHealth } from './http/health.ts';
import { onShutdown } from './lifecycle.ts';
import { createLogger, redactUrl } from './logger.ts';
import { Counters } from './metrics.ts';
import type { ServiceDefinition } from './service.ts';

export async function runService(def: ServiceDefinition): Promise<void> {
  const config = parseConfig(v.object(serviceEnvEntries));
  const log = createLogger(def.name, config.LOG_LEVEL);
  const counters = new Counters();
  log.info({ nats: redactUrl(config.NATS_URL), database: redactUrl(config.DATABASE_URL) }, 'starting');
  const db = await openPostgres(config.DATABASE_URL, config.DB_POOL_MAX);
  const applied = await migrate(db.knex, def.schema, def.migrationsDir);
  // The shared `bus` schema holds the dead letters every consumer parks.
  applied.push(...(await migrate(db.knex, 'bus', BUS_MIGRATIONS_DIR)));
  if (applied.length) log.info({ applied }, 'migrations applied');
  const bus = await connectNatsBus({
    url: config.NATS_URL,
    name: def.name,
    log,
    namespace: config.BUS_NAMESPACE,
    topology: { ackWaitMs: config.BUS_ACK_WAIT_MS, replicas: config.BUS_STREAM_REPLICAS },
  });
  await bus.ensureTopology();
  const service = await def.start({ bus, knex: db.knex, log, counters });
  const app = new Koa();
  mountHealth(app, { bus, knex: db.knex, counters });
  const server = createServer(app.callback()).listen(config.HEALTH_PORT);
  log.info({ healthPort: (server.address() as { port: number }).port }, 'ready');
  onShutdown(
    () => [
      ['http', () => new Promise<void>((r) => server.close(() => r()))],
      ['consumers', () => service.stop()],
      ['nats', () => bus.close()],
      ['database', () => db.close()],
    ],
    log,
  );
}

/**
 * `main.ts` of a background service in distributed mode: parse config, connect to Postgres and
 * NATS, then boot the service's declaration through `startServices` (the path the one-process
 * product takes too), serve health and `/metrics` on HEALTH_PORT, and shut down in order on a
 * signal.
 */
import { createServer, type Server } from 'node:http';
import Koa from 'koa';
import { connectNatsBus } from './bus/nats-bus.ts';
import { parseConfig, ServiceConfigSchema } from './config.ts';
import { openPostgres, sessionLimitsOf } from './db/database.ts';
import { mountHealth } from './http/health.ts';
import { onShutdown } from './lifecycle.ts';
import { createLogger, redactUrl } from './logger.ts';
import { Counters } from './metrics.ts';
import type { ServiceDefinition } from './service.ts';
import { migrateServices, startServices } from './start-services.ts';

export async function runService(def: ServiceDefinition): Promise<void> {
  const config = parseConfig(ServiceConfigSchema);
  const log = createLogger(def.name, config.LOG_LEVEL);
  const counters = new Counters({ processMetrics: true });
  log.info({ nats: redactUrl(config.NATS_URL), database: redactUrl(config.DATABASE_URL) }, 'starting');
  const db = await openPostgres(config.DATABASE_URL, config.DB_POOL_MAX, sessionLimitsOf(config));
  await migrateServices(db.knex, [def], log);
  const bus = await connectNatsBus({
    url: config.NATS_URL,
    name: def.name,
    log,
    namespace: config.BUS_NAMESPACE,
    topology: { ackWaitMs: config.BUS_ACK_WAIT_MS, replicas: config.BUS_STREAM_REPLICAS },
  });
  // The signal handler is in place before the first consumer starts: a SIGTERM while the rest
  // starts stops what is running and exits 0 (it stored a batch; Node's default would kill it
  // mid-transaction, exit by signal). Steps are read at the signal, so they see what exists; the
  // consumers' step first lets the starting finish (milliseconds), so every consumer stops in
  // its grace and none is started on a connection already draining (a DrainingConnectionError,
  // exit 1).
  const started: { service?: Promise<Awaited<ReturnType<typeof startServices>>>; server?: Server } = {};
  onShutdown(
    () => [
      ['http', () => new Promise<void>((r) => (started.server ? started.server.close(() => r()) : r()))],
      ['consumers', async () => (await started.service?.catch(() => undefined))?.stop()],
      ['nats', () => bus.close()],
      ['database', () => db.close()],
    ],
    log,
  );
  started.service = startServices([def], { bus, knex: db.knex, log, counters, config });
  await started.service;
  const app = new Koa();
  mountHealth(app, { bus, knex: db.knex, counters });
  const server = createServer(app.callback()).listen(config.HEALTH_PORT);
  started.server = server;
  log.info({ healthPort: (server.address() as { port: number }).port }, 'ready');
}

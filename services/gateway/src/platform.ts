/**
 * Boots the gateway, and optionally every background service, in one process, on either
 * backend pair: PGlite + the in-process bus (the embedded product) or Postgres + NATS
 * JetStream (a gateway process in distributed mode, and the integration tests). The gateway's
 * and the services' declarations go through the runtime's one boot path (`migrateServices`,
 * `startServices`): migrations run before anything listens, and the bus is given exactly the
 * streams and durables they declare.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import type { PGliteInstance as PGlite } from '@lp/runtime';
import {
  connectNatsBus,
  Counters,
  createKnexLargeStore,
  createKnexStore,
  MemoryBus,
  migrateServices,
  mountHealth,
  openPglite,
  openPostgres,
  sessionLimitsOf,
  runSteps,
  type Bus,
  type Database,
  type Logger,
  type ReadinessDeps,
  type ServiceDefinition,
  type ShutdownStep,
  startServices,
} from '@lp/runtime';
import { createGatewayHandler, gatewayService } from './app.ts';
import { createTrackingSecret, trackingKeySource } from './edge/tracking-secret.ts';
import { createLotCache, listenForLotChanges } from './site/lots/lot-cache.ts';
import { geoDatabasePathsOf, openGeoDatabase } from './geo/geo-database.ts';
import type { GatewayConfig } from './config.ts';
import { checkServingConfig, createHttpServer } from './http-server.ts';
import { ensureFirstAdmin, type FirstAdmin } from './queries/ensure-first-admin.ts';

export type PlatformOptions = {
  config: GatewayConfig;
  log: Logger;
  services: ServiceDefinition[];
  webDist: string;
  /** Embedded: use this PGlite instance instead of opening DATA_DIR (tests copy a template). */
  pglite?: PGlite;
  /** Where the services read their own settings (default: the process environment over `.env`). */
  env?: Record<string, string | undefined>;
  /** Generate a first admin password file under DATA_DIR when none is configured. */
  generateFirstAdmin?: boolean;
};

export type Platform = {
  url: string;
  server: Server;
  bus: Bus;
  db: Database;
  counters: Counters;
  firstAdmin: FirstAdmin;
  stop(): Promise<void>;
};

export async function startPlatform(opts: PlatformOptions): Promise<Platform> {
  const { config, log } = opts;
  checkServingConfig(config);
  const counters = new Counters({ processMetrics: true });
  const distributed = Boolean(config.NATS_URL && config.DATABASE_URL);
  if (Boolean(config.NATS_URL) !== Boolean(config.DATABASE_URL))
    throw new Error('Set both NATS_URL and DATABASE_URL (distributed mode) or neither (embedded mode)');

  const db = distributed
    ? await openPostgres(config.DATABASE_URL!, config.DB_POOL_MAX, sessionLimitsOf(config))
    : await openPglite(opts.pglite ? { pglite: opts.pglite } : { dataDir: config.DATA_DIR });
  const lots = createLotCache();
  const geo = await openGeoDatabase(geoDatabasePathsOf(config.GEOIP_DATABASE));
  log.info({ geo: geo.info }, geo.info.enabled ? 'visitor locations from a GeoIP database' : 'visitor locations off');
  const declarations = [gatewayService, ...opts.services];
  await migrateServices(db.knex, declarations, log);

  const topology = { ackWaitMs: config.BUS_ACK_WAIT_MS, replicas: config.BUS_STREAM_REPLICAS };
  let bus: Bus;
  if (distributed) {
    bus = await connectNatsBus({
      url: config.NATS_URL!,
      name: 'gateway',
      log,
      namespace: config.BUS_NAMESPACE,
      topology,
    });
  } else {
    bus = new MemoryBus({ store: createKnexStore(db.knex), largeStore: createKnexLargeStore(db.knex), log, topology });
  }
  const running = await startServices(declarations, { bus, knex: db.knex, log, counters, config }, opts.env);
  // Every gateway process drops its own copy of the lots on every change (no shared durable).
  const lotChanges = await listenForLotChanges(bus, lots, log);
  // Learnt in the background: readiness never waits on the mailer.
  const trackingKey = createTrackingSecret(config.TRACKING_SECRET, trackingKeySource(db.knex, bus, log), log);
  trackingKey.start();

  const firstAdmin = await ensureFirstAdmin(db.knex, {
    username: config.ADMIN_USERNAME,
    password: config.ADMIN_PASSWORD,
    generateInto: opts.generateFirstAdmin ? config.DATA_DIR : undefined,
  });

  const drainHooks: (() => Promise<void>)[] = [];
  const handler = createGatewayHandler({
    config,
    bus,
    knex: db.knex,
    log,
    counters,
    lots,
    trackingKey,
    geo,
    webDist: opts.webDist,
    onShutdown: (fn) => drainHooks.push(fn),
  });
  const server = createHttpServer(handler, config, { counters });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const internal = config.HEALTH_PORT > 0 ? await listenInternal(config, { bus, knex: db.knex, counters }) : null;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;

  const steps = (): ShutdownStep[] => [
    [
      'http',
      () =>
        new Promise<void>((r) => {
          server.close(() => r());
          server.closeIdleConnections();
          // Give responses in flight a moment, then end kept-alive connections still open.
          setTimeout(() => server.closeAllConnections(), 2000).unref();
          internal?.close();
        }),
    ],
    ['gateway buffers', async () => void (await Promise.all(drainHooks.map((fn) => fn())))],
    ['tracking key', () => trackingKey.stop()],
    ['lot changes', () => lotChanges.stop()],
    ['services', () => running.stop()],
    ['bus', () => bus.close()],
    ['database', () => db.close()],
  ];
  return {
    url: `http://${host}:${port}`,
    server,
    bus,
    db,
    counters,
    firstAdmin,
    stop: () => runSteps(steps(), log),
  };
}

/** The operators' port: health and `/metrics`, never exposed with the public site. */
async function listenInternal(config: GatewayConfig, deps: ReadinessDeps): Promise<Server> {
  const app = new Koa();
  mountHealth(app, deps);
  const internal = createServer(app.callback());
  await new Promise<void>((resolve, reject) => {
    internal.once('error', reject);
    internal.listen(config.HEALTH_PORT, config.HOST, () => resolve());
  });
  return internal;
}

/**
 * What every service package provides, so the one-process product, the per-service
 * processes and the tests boot services the same way: `start(deps)` wires consumers and
 * request handlers onto a bus and a database that someone else opened.
 */
import type { Knex } from 'knex';
import type { Bus } from './bus/types.ts';
import type { Logger } from './logger.ts';
import type { Counters } from './metrics.ts';

export type ServiceDeps = { bus: Bus; knex: Knex; log: Logger; counters: Counters };

export interface RunningService {
  /** Stops consumers and request handlers; the caller closes the bus and the database. */
  stop(): Promise<void>;
}

export type ServiceDefinition = {
  name: string;
  /** The Postgres schema the service owns. */
  schema: string;
  /** Absolute path of its migrations folder. */
  migrationsDir: string;
  start(deps: ServiceDeps): Promise<RunningService>;
};

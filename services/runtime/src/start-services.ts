/**
 * The one boot path of service declarations, used by `pnpm service <name>` (one declaration),
 * the one-process product and the tests (all of them): migrate each schema, ask the bus for the
 * topology the declarations name (and nothing else), then start each service's request
 * handlers and consumers. Also reads the pending-messages gauge of those durables on scrape.
 */
import { queueGroupOf, type BusTopology, type DurableSpec, type StreamSpec } from '@lp/contracts';
import type { Knex } from 'knex';
import { BUS_MIGRATIONS_DIR, migrate } from './db/database.ts';
import type { Logger } from './logger.ts';
import type { ConsumerHandle, ServeHandle } from './bus/types.ts';
import { ConfigError, processEnvWithDotEnv } from './config.ts';
import type { RunningService, ServiceDefinition, ServiceDeps } from './service.ts';

/** The streams and durables of these declarations; fails on a consumer of an undeclared stream. */
export function topologyOf(defs: readonly ServiceDefinition[]): BusTopology {
  const streams = new Map<string, StreamSpec>();
  const durables = new Map<string, DurableSpec>();
  for (const def of defs) for (const s of def.streams) streams.set(s.name, s);
  for (const def of defs)
    for (const { durable } of def.consumers) {
      if (!def.streams.some((s) => s.name === durable.stream))
        throw new Error(
          `service ${def.name} consumes ${durable.name} from stream ${durable.stream}, which it does not declare`,
        );
      durables.set(`${durable.stream}/${durable.name}`, durable);
    }
  return { streams: [...streams.values()], durables: [...durables.values()] };
}

/**
 * Applies the shared `bus` schema's migrations (the dead letters every consumer parks and, embedded,
 * the streams themselves), then each declaration's to its own schema, in order.
 */
export async function migrateServices(knex: Knex, defs: readonly ServiceDefinition[], log: Logger): Promise<void> {
  for (const def of [{ schema: 'bus', migrationsDir: BUS_MIGRATIONS_DIR }, ...defs]) {
    const applied = await migrate(knex, def.schema, def.migrationsDir);
    if (applied.length) log.info({ schema: def.schema, applied }, 'migrations applied');
  }
}

/**
 * Each declaration's own settings parsed from `env`, before anything starts: every bad value of
 * every service in one error, named by service and key.
 */
export function parseServiceSettings(
  defs: readonly ServiceDefinition[],
  env: Record<string, string | undefined> = processEnvWithDotEnv(),
): Map<string, Readonly<Record<string, unknown>>> {
  const parsed = new Map<string, Readonly<Record<string, unknown>>>();
  const problems: string[] = [];
  for (const def of defs) {
    try {
      parsed.set(def.name, def.settings ? def.settings.parse(env) : {});
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      problems.push(...err.problems.map((p) => `${def.name}: ${p}`));
    }
  }
  if (problems.length) throw new ConfigError(problems);
  return parsed;
}

/**
 * Parses the declarations' own settings (refusing to start on a bad value), ensures their topology
 * and starts their request handlers and consumers.
 */
export async function startServices(
  defs: readonly ServiceDefinition[],
  deps: Omit<ServiceDeps, 'settings'>,
  env?: Record<string, string | undefined>,
): Promise<RunningService> {
  const settings = parseServiceSettings(defs, env);
  const topology = topologyOf(defs);
  await deps.bus.ensureTopology(topology);
  deps.counters.readPendingFrom(async () => {
    const read = await Promise.allSettled(topology.durables.map((d) => deps.bus.pendingMessages(d)));
    // A durable the bus cannot report on right now is left out of this scrape, not shown as 0.
    return topology.durables.flatMap((d, i) => {
      const r = read[i]!;
      return r.status === 'fulfilled' ? [{ labels: { durable: d.name }, value: r.value }] : [];
    });
  });
  const serving: ServeHandle[] = [];
  const consuming: ConsumerHandle[] = [];
  const working: { stop(): Promise<void> }[] = [];
  for (const def of defs) {
    const own: ServiceDeps = { ...deps, settings: settings.get(def.name)!, log: deps.log.child({ service: def.name }) };
    for (const r of def.rpcs) serving.push(await r.serve(own, queueGroupOf(def.name)));
    for (const c of def.consumers) consuming.push(await c.start(own));
    for (const w of def.workers ?? []) working.push(await w.start({ ...own, log: own.log.child({ worker: w.name }) }));
  }
  return {
    // All at once: each stop is bounded (a sender's drain, a consumer's grace), and one after
    // another they would add up past the shutdown's 10 s.
    stop: async () => {
      await Promise.all([...working, ...serving, ...consuming].map((s) => s.stop()));
    },
  };
}

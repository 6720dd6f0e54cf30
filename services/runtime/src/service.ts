/**
 * What every service package declares, in one place (its `app.ts`): the Postgres schema it
 * owns and its migrations, the streams it publishes to or consumes from, its durable consumers
 * and its request handlers. The one-process product, `pnpm service <name>` and the tests all
 * boot these declarations through `startServices` (start-services.ts), so there is one path.
 */
import type { Knex } from 'knex';
import * as v from 'valibot';
import type { DurableSpec, RpcSpec, StreamSpec } from '@lp/contracts';
import { startConsumer } from './bus/consumer.ts';
import { parkDeadLetter } from './bus/dead-letters/park-dead-letter.ts';
import { serveRpc, type RpcContext } from './bus/rpc.ts';
import type { Bus, BusMessage, ConsumerHandle, ServeHandle } from './bus/types.ts';
import { parseConfig, type RuntimeConfig } from './config.ts';
import type { Logger } from './logger.ts';
import type { Counters } from './metrics.ts';

export type ServiceDeps = {
  bus: Bus;
  knex: Knex;
  log: Logger;
  counters: Counters;
  config: RuntimeConfig;
  /** The service's own settings (its declaration's `settings`), parsed at start; read them with `ServiceSettings.of`. */
  settings: Readonly<Record<string, unknown>>;
};

/**
 * A service's own settings: environment keys only it reads, parsed once when it starts (a bad
 * value stops the start, never a retried message), each described for the configuration
 * reference like the shared ones.
 */
export type ServiceSettings<S extends Record<string, unknown> = Record<string, unknown>> = {
  /** Each key's schema, with its description (`pnpm docs:config`). */
  readonly entries: v.ObjectEntries;
  /** Parses them from an environment; a bad value is a ConfigError naming the key. */
  parse(env: Record<string, string | undefined>): S;
  /** The parsed settings of the service these deps were started for. */
  of(deps: { settings: Readonly<Record<string, unknown>> }): S;
};

/**
 * Declares a service's settings: `entries` as the environment gives them, and `finish` for a
 * default that depends on other keys of the environment.
 */
export function serviceSettings<
  E extends v.ObjectEntries,
  S extends Record<string, unknown> = v.InferOutput<v.ObjectSchema<E, undefined>>,
>(
  entries: E,
  finish: (parsed: v.InferOutput<v.ObjectSchema<E, undefined>>, env: Record<string, string | undefined>) => S = (
    parsed,
  ) => parsed as unknown as S,
): ServiceSettings<S> {
  const schema = v.object(entries);
  return {
    entries,
    parse: (env) => finish(parseConfig(schema, env), env),
    // startServices parsed `deps.settings` with this very declaration for this service.
    of: (deps) => deps.settings as S,
  };
}

/** Background work of a service (a send loop, a scheduler), started after its consumers. */
export type WorkerDefinition = {
  name: string;
  start(deps: ServiceDeps): Promise<{ stop(): Promise<void> }>;
};

export interface RunningService {
  /** Stops consumers and request handlers; the caller closes the bus and the database. */
  stop(): Promise<void>;
}

/** A durable consumer of the service, started on the bus by the runtime. */
export type ConsumerDefinition = {
  durable: DurableSpec;
  start(deps: ServiceDeps): Promise<ConsumerHandle>;
};

/** A request handler of the service, served in the service's queue group. */
export type RpcHandlerDefinition = {
  subject: string;
  serve(deps: ServiceDeps, queue: string): Promise<ServeHandle>;
};

export type ServiceDefinition = {
  name: string;
  /** The Postgres schema the service owns. */
  schema: string;
  /** Absolute path of its migrations folder. */
  migrationsDir: string;
  /** Streams it publishes to or consumes from (every consumer's stream must be among them). */
  streams: readonly StreamSpec[];
  consumers: readonly ConsumerDefinition[];
  rpcs: readonly RpcHandlerDefinition[];
  workers?: readonly WorkerDefinition[];
  /** Its own environment settings, parsed when it starts. */
  settings?: ServiceSettings;
};

/** Context of one message: the service's dependencies, the message and a logger naming it. */
export type ConsumeContext = Omit<ServiceDeps, 'log'> & { msg: BusMessage; log: Logger };

/**
 * Declares a consumer: every message of `durable` is checked against `schema`, then handed to
 * `handle` (the consumer template in bus/consumer.ts does the acks, retries and counting).
 */
export function defineConsumer<S extends v.GenericSchema>(def: {
  durable: DurableSpec;
  schema: S;
  maxInFlight?: number;
  /** `'skip'`: another durable of the subject parks what can never succeed; this one counts and skips it. */
  unusable?: 'park' | 'skip';
  handle: (event: v.InferOutput<S>, ctx: ConsumeContext) => Promise<void>;
}): ConsumerDefinition {
  return {
    durable: def.durable,
    start: (deps) =>
      startConsumer(deps.bus, {
        durable: def.durable,
        schema: def.schema,
        log: deps.log,
        counters: deps.counters,
        park: (m) => parkDeadLetter(deps.knex, m),
        ...(def.maxInFlight ? { maxInFlight: def.maxInFlight } : {}),
        ...(def.unusable ? { unusable: def.unusable } : {}),
        handle: (event, msg, log) => def.handle(event, { ...deps, msg, log }),
      }),
  };
}

/** Context of one request: the service's dependencies, the request id and a logger naming it. */
export type AnswerContext = ServiceDeps & RpcContext;

/** Declares a request handler for one RPC of contracts; input and reply are typed from it. */
export function answerRpc<R extends RpcSpec>(
  rpc: R,
  handle: (input: v.InferOutput<R['input']>, ctx: AnswerContext) => Promise<v.InferInput<R['output']>>,
): RpcHandlerDefinition {
  return {
    subject: rpc.subject,
    serve: (deps, queue) =>
      serveRpc(deps.bus, rpc, { queue, log: deps.log, handle: (input, ctx) => handle(input, { ...deps, ...ctx }) }),
  };
}

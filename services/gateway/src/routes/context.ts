/** What every route module receives: the gateway's dependencies. */
import type { IncomingMessage } from 'node:http';
import Router, { type RouterContext, type RouterOptions, type RouterParameterMiddleware } from '@koa/router';
import type { GivenBytes, RpcInput, RpcOutput, RpcSpec } from '@lp/contracts';
import {
  AppError,
  callRpc,
  isBusError,
  takeBytes,
  unavailable,
  type Bus,
  type Counters,
  type Knex,
  type Logger,
  type RpcCallOptions,
} from '@lp/runtime';
import type { GatewayConfig } from '../config.ts';
import type { GatewayState } from '../middleware/request-context.ts';
import { whileServerPaced } from '../middleware/server-paced.ts';
import type { TrackingKey } from '../edge/tracking-secret.ts';
import type { LotCache } from '../site/lots/lot-cache.ts';
import type { GeoLocator } from '../geo/geo-database.ts';

export type GatewayDeps = {
  config: GatewayConfig;
  bus: Bus;
  knex: Knex;
  log: Logger;
  counters: Counters;
  /** The cached public lots the pages render from (dropped on every lot change). */
  lots: LotCache;
  /**
   * The key to verify tracking links with (`startPlatform` learns it in the background). Without
   * it (apps built only to list routes) only TRACKING_SECRET is used, else links go to the mailer.
   */
  trackingKey?: TrackingKey;
  /** Where a client address is (GEOIP_DATABASE, read by `startPlatform`); without it every address is unknown. */
  geo?: GeoLocator;
  /** Registers work to finish after HTTP stops and before the bus closes (e.g. flush buffers). */
  onShutdown?: (fn: () => Promise<void>) => void;
};
export type GatewayRouter = Router<GatewayState>;
/** What every route handler receives: the request's state (id, logger, session) and its path parameters. */
export type GatewayContext = RouterContext<GatewayState>;

/** How a request asks a service: with its request id, and its logger for a malformed reply. */
export const askedBy = (ctx: { state: GatewayState }): RpcCallOptions => ({
  reqId: ctx.state.reqId,
  log: ctx.state.log,
});

/**
 * A part of an answer that the rest does not depend on (the mail in a contact's history, the
 * campaign count on the dashboard): null when its service is unavailable (503), logged as
 * `what`, so staff see what the other services know and the screen says what is missing.
 */
export const unlessUnavailable = <T>(ctx: { state: GatewayState }, what: string, part: Promise<T>): Promise<T | null> =>
  part.catch((err: unknown) => {
    if (!(err instanceof AppError && err.status === 503)) throw err;
    ctx.state.log.warn({ err }, what);
    return null;
  });

/**
 * Every gateway router is made here: paths match case-sensitively and exactly as declared, so
 * `/API/Marketing/...` is no second spelling of a route (the session guard normalises the path
 * it checks as well; this keeps the two in step).
 */
export const createRouter = (options: Omit<RouterOptions, 'sensitive'> = {}): GatewayRouter =>
  new Router<GatewayState>({ ...options, sensitive: true });

/** The largest id a path may name: PostgreSQL's `integer`. */
const PATH_ID_MAX = 2_147_483_647;

/**
 * A numeric path parameter, checked once for every route of a router (`router.param(name, …)`)
 * before any handler runs: digits without a leading zero, 1 to `max`; anything else is the error
 * `refuse` makes (the thing is not found, mostly). Handlers then read it with `pathNumber`.
 */
export const numericParam =
  (refuse: (raw: string) => AppError, max = PATH_ID_MAX): RouterParameterMiddleware<GatewayState> =>
  (raw, _ctx, next) => {
    const n = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
    if (!(n <= max)) throw refuse(raw);
    return next();
  };

/** The query string as one value per key (a repeated key keeps its first value). */
export const queryOf = (ctx: GatewayContext): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(ctx.query).map(([k, val]) => [k, Array.isArray(val) ? val[0] : val]));

/** A path parameter its router checked with `numericParam`. */
export const pathNumber = (ctx: GatewayContext, name = 'id'): number => Number(ctx.params[name]);

/**
 * Asks a service on behalf of a request (its id and logger go along). An answer its declaration
 * says may take long (`RpcSpec.timeoutMs`: a first look at a year of analytics) is waited for
 * server-paced: the socket's idle timeout does not cut the request while the service works.
 */
export const askFor =
  (bus: Bus) =>
  <R extends RpcSpec>(
    ctx: { state: GatewayState; req: IncomingMessage },
    rpc: R,
    input: RpcInput<R>,
    timeoutMs?: number,
  ): Promise<RpcOutput<R>> => {
    const ask = () => callRpc(bus, rpc, input, timeoutMs === undefined ? askedBy(ctx) : { ...askedBy(ctx), timeoutMs });
    return rpc.timeoutMs === undefined ? ask() : whileServerPaced(ctx.req.socket, ask);
  };

/**
 * Hands work to the bus (a publish, mostly) and answers 503 with `message` when the bus fails
 * (away, no stream, too large): nothing was stored, so the caller can retry. `failed` logs and
 * counts the failure; any other error passes through.
 */
export async function publishOrUnavailable<T>(
  publish: () => Promise<T>,
  message: string,
  failed?: (err: Error & { name: string }) => void,
): Promise<T> {
  try {
    return await publish();
  } catch (err) {
    if (!isBusError(err)) throw err;
    failed?.(err);
    throw unavailable(message);
  }
}

/**
 * The bytes a service's reply names, whole: inline ones as they are, a hand-over read and then
 * deleted. 503 when the bus fails on the way, as for the request itself.
 */
export const takeGivenBytes = (bus: Bus, given: GivenBytes): Promise<Buffer> =>
  publishOrUnavailable(
    () => takeBytes(bus, given, async (data) => data),
    'The service is temporarily unavailable. Please try again.',
  );

/** What every route module receives: the gateway's dependencies. */
import Router, { type RouterOptions } from '@koa/router';
import { AppError, type Bus, type Counters, type Knex, type Logger, type RpcCallOptions } from '@lp/runtime';
import type { GatewayConfig } from '../config.ts';
import type { GatewayState } from '../middleware/request-context.ts';
import type { TrackingKey } from '../edge/tracking-secret.ts';
import type { LotCache } from '../site/lots/lot-cache.ts';

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
  /** Registers work to finish after HTTP stops and before the bus closes (e.g. flush buffers). */
  onShutdown?: (fn: () => Promise<void>) => void;
};
export type GatewayRouter = Router<GatewayState>;

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

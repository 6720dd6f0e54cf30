/** What every route module receives: the gateway's dependencies. */
import Router, { type RouterOptions } from '@koa/router';
import type { Knex } from '@lp/runtime';
import type { Bus, Counters, Logger, RpcCallOptions } from '@lp/runtime';
import type { GatewayConfig } from '../config.ts';
import type { GatewayState } from '../middleware/request-context.ts';
import type { LotCache } from '../lots/lot-cache.ts';

export type GatewayDeps = {
  config: GatewayConfig;
  bus: Bus;
  knex: Knex;
  log: Logger;
  counters: Counters;
  /** The cached public lots the pages render from (dropped on every lot change). */
  lots: LotCache;
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
 * Every gateway router is made here: paths match case-sensitively and exactly as declared, so
 * `/API/Marketing/...` is no second spelling of a route (the session guard normalises the path
 * it checks as well; this keeps the two in step).
 */
export const createRouter = (options: Omit<RouterOptions, 'sensitive'> = {}): GatewayRouter =>
  new Router<GatewayState>({ ...options, sensitive: true });

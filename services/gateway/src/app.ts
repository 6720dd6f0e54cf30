/**
 * The gateway: the platform's only HTTP edge. Side-effect free: `createGatewayApp(deps)`
 * builds the Koa app on a bus and database someone else opened; `main.ts` or the
 * one-process product wires it.
 */
import { fileURLToPath } from 'node:url';
import Koa from 'koa';
import { STREAMS } from '@lp/contracts';
import type { ServiceDefinition } from '@lp/runtime';
import { errorHandler } from './middleware/error-handler.ts';
import { measureRequests } from './middleware/measure-requests.ts';
import { parseFrameAncestors, readScriptHashes, securityHeaders } from './middleware/security-headers.ts';
import { requestContext, type GatewayState } from './middleware/request-context.ts';
import type { GatewayDeps } from './routes/context.ts';
import type { RequestListener } from 'node:http';
import { createPixelEndpoint } from './edge/pixels/pixel-endpoint.ts';
import { mountRoutes } from './routes/index.ts';

export const GATEWAY_MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The gateway as the runtime boots it: staff accounts and sessions, the audit log and its
 * settings (its copy of the tracking key) in schema `gateway`, the streams it publishes to (form
 * submissions, pixel batches, send requests, provider events, inbound mail). It serves nothing on
 * the bus and has no durable consumers: it hears lot changes through a per-process subscription
 * (`listenForLotChanges`, started by `startPlatform`); its HTTP app is built by `createGatewayApp`.
 */
export const gatewayService: ServiceDefinition = {
  name: 'gateway',
  schema: 'gateway',
  migrationsDir: GATEWAY_MIGRATIONS_DIR,
  streams: [STREAMS.crm, STREAMS.analytics, STREAMS.inventory, STREAMS.mail],
  consumers: [],
  rpcs: [],
};

export function createGatewayApp(deps: GatewayDeps & { webDist: string }): Koa<GatewayState> {
  // Behind proxies, the client address is the one the trusted proxy appended (counted from the
  // right of X-Forwarded-For), not the leftmost entry a client can write itself.
  const app = new Koa<GatewayState>({ proxy: deps.config.TRUST_PROXY, maxIpsCount: deps.config.TRUST_PROXY_HOPS });
  app.silent = true;
  app.use(measureRequests(deps.counters));
  app.use(requestContext(deps.log));
  app.use(errorHandler());
  const frameAncestors = parseFrameAncestors(deps.config.EMBED_FRAME_ANCESTORS);
  app.use(
    securityHeaders({
      embedFrameAncestors: frameAncestors instanceof Error ? [] : frameAncestors,
      hsts: deps.config.NODE_ENV === 'production',
      scriptHashes: readScriptHashes(deps.webDist),
    }),
  );
  mountRoutes(app, deps, deps.webDist);
  return app;
}

/**
 * The gateway's request listener: pixel hits answered by the plain handler (the hot path: no
 * Koa context, request log, session lookup, body parsing or web host), everything else by Koa.
 */
export function createGatewayHandler(deps: GatewayDeps & { webDist: string }): RequestListener {
  const pixels = createPixelEndpoint(deps);
  const koa = createGatewayApp(deps).callback();
  return (req, res) => {
    if (!pixels.handle(req, res)) void koa(req, res);
  };
}

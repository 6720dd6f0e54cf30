/**
 * The gateway: the platform's only HTTP edge. Side-effect free: `createGatewayApp(deps)`
 * builds the Koa app on a bus and database someone else opened; `main.ts` or the
 * one-process product wires it.
 */
import { fileURLToPath } from 'node:url';
import Koa from 'koa';
import { errorHandler } from './middleware/error-handler.ts';
import { requestContext, type GatewayState } from './middleware/request-context.ts';
import type { GatewayDeps } from './routes/context.ts';
import { mountRoutes } from './routes/index.ts';

export const GATEWAY_MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export function createGatewayApp(deps: GatewayDeps & { webDist: string }): Koa<GatewayState> {
  // Behind proxies, the client address is the one the trusted proxy appended (counted from the
  // right of X-Forwarded-For), not the leftmost entry a client can write itself.
  const app = new Koa<GatewayState>({ proxy: deps.config.TRUST_PROXY, maxIpsCount: deps.config.TRUST_PROXY_HOPS });
  app.silent = true;
  app.use(requestContext(deps.log));
  app.use(errorHandler());
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    await next();
  });
  mountRoutes(app, deps, deps.webDist);
  return app;
}

/**
 * First in the chain: gives every request an id (or keeps a valid incoming `X-Request-Id`),
 * a child logger carrying it, and one access-log line when the response is done.
 */
import type { Middleware } from 'koa';
import type { Logger } from '@lp/runtime';

export type GatewayState = {
  reqId: string;
  log: Logger;
  session?: { userId: number; username: string; sessionId: number; role: 'owner' | 'staff' };
  sessionExpiresAt?: Date;
};

export function requestContext(log: Logger): Middleware<GatewayState> {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const reqId = /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    ctx.state.reqId = reqId;
    ctx.state.log = log.child({ reqId });
    ctx.set('X-Request-Id', reqId);
    const started = performance.now();
    try {
      await next();
    } finally {
      if (!ctx.path.startsWith('/assets/'))
        ctx.state.log.info(
          { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) },
          'request',
        );
    }
  };
}

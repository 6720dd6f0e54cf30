/**
 * For a route whose answer may take longer than HTTP_IDLE_TIMEOUT_MS because the server is
 * waiting, not the client (an import's chunk held by a crm replica that died, which is noticed
 * only when the chunk's wait runs out; a year of analytics re-aggregated): the socket's idle
 * timeout is lifted until the answer, since the silence on the socket is the server's. A client
 * that stops sending its body is still cut off by HTTP_REQUEST_TIMEOUT_MS and by its hang-up.
 */
import type { Middleware } from 'koa';

export const liftIdleTimeout: Middleware = async (ctx, next) => {
  const socket = ctx.req.socket;
  const idleTimeout = socket.timeout ?? 0;
  socket.setTimeout(0);
  try {
    await next();
  } finally {
    socket.setTimeout(idleTimeout);
  }
};

/**
 * For a route whose request the server reads, and answers, at its own pace, because it waits on
 * a service: a CSV import is read only as fast as crm stores its chunks (and a chunk held by a
 * crm replica that died is sent again only when its wait runs out); a big list is duplicated
 * with its contacts; a refresh re-aggregates a year of analytics. Neither the idle timeout
 * (HTTP_IDLE_TIMEOUT_MS) nor the whole-request timeout (HTTP_REQUEST_TIMEOUT_MS) applies while
 * it runs: both are meant for clients that send too slowly, and here the slow side is the
 * server. These routes are staff-only (a session is required before this runs), and a client
 * that hangs up still ends the request.
 */
import type { Middleware } from 'koa';
import { serverPacedSockets } from '../http-server.ts';

export const serverPaced: Middleware = async (ctx, next) => {
  const socket = ctx.req.socket;
  const idleTimeout = socket.timeout ?? 0;
  socket.setTimeout(0);
  serverPacedSockets.add(socket);
  try {
    await next();
  } finally {
    serverPacedSockets.delete(socket);
    socket.setTimeout(idleTimeout);
  }
};

/**
 * For a route whose request the server reads, and answers, at its own pace, because it waits on
 * a service: a CSV import is read only as fast as crm stores its chunks (and a chunk held by a
 * crm replica that died is sent again only when its wait runs out); a big list is duplicated
 * with its contacts; a refresh or a first look at a filtered view, a goal or a funnel may work
 * out a year of analytics (an RPC that declares a long wait, which `askFor` waits for this way).
 * Neither the idle timeout
 * (HTTP_IDLE_TIMEOUT_MS) nor the whole-request timeout (HTTP_REQUEST_TIMEOUT_MS) applies while
 * it runs: both are meant for clients that send too slowly, and here the slow side is the
 * server. These routes are staff-only (a session is required before this runs), or webhooks
 * whose secret was checked and whose body was read at the client's pace (`whileServerPaced`:
 * an inbound mail post waiting for its turn and for the mailer to store it), and a client that hangs up
 * still ends the request.
 */
import type { Socket } from 'node:net';
import type { Middleware } from 'koa';
import { serverPacedSockets } from '../http-server.ts';

/**
 * Runs `work` without the idle timeout, and puts it back after. The whole-request timeout still
 * applies: for a body the server reads to disk, where a busy disk or event loop, not the client,
 * may be what stalls the socket, while a client that sends too slowly is still cut off.
 */
export async function withoutIdleTimeout<T>(socket: Socket, work: () => Promise<T>): Promise<T> {
  const idleTimeout = socket.timeout ?? 0;
  socket.setTimeout(0);
  try {
    return await work();
  } finally {
    socket.setTimeout(idleTimeout);
  }
}

/** Runs `work` with the socket's timeouts lifted, and puts them back after. */
export function whileServerPaced<T>(socket: Socket, work: () => Promise<T>): Promise<T> {
  return withoutIdleTimeout(socket, async () => {
    serverPacedSockets.add(socket);
    try {
      return await work();
    } finally {
      serverPacedSockets.delete(socket);
    }
  });
}

export const serverPaced: Middleware = (ctx, next) => whileServerPaced(ctx.req.socket, next);

/**
 * Request/reply between the gateway and the services that own the data. A reply is
 * `{ ok: true, data }` or `{ ok: false, error }` carrying the HTTP status and envelope fields,
 * so an AppError thrown in a service reaches the browser unchanged. Inputs are schema-checked
 * on the serving side; unexpected failures are logged there and answered as `internal`.
 */
import * as v from 'valibot';
import { fieldErrorsOf, type ErrorCode, type ErrorDetails } from '@lp/contracts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { Bus, ServeHandle } from './types.ts';

type RpcError = { status: number; code: ErrorCode; message: string; details?: ErrorDetails };
export type RpcReply<T> = { ok: true; data: T } | { ok: false; error: RpcError };

export type RpcContext = { reqId: string; log: Logger };

export function serveRpc<S extends v.GenericSchema, T>(
  bus: Bus,
  opts: {
    subject: string;
    queue: string;
    schema: S;
    log: Logger;
    handle: (input: v.InferOutput<S>, ctx: RpcContext) => Promise<T>;
  },
): Promise<ServeHandle> {
  return bus.serve(opts.subject, opts.queue, async (payload, meta): Promise<RpcReply<T>> => {
    const reqId = meta.headers['x-request-id'] ?? crypto.randomUUID();
    const log = opts.log.child({ reqId, rpc: opts.subject });
    const parsed = v.safeParse(opts.schema, payload);
    if (!parsed.success)
      return {
        ok: false,
        error: {
          status: 400,
          code: 'validation_failed',
          message: 'Some fields need attention',
          details: { fields: fieldErrorsOf(parsed.issues) },
        },
      };
    try {
      return { ok: true, data: await opts.handle(parsed.output, { reqId, log }) };
    } catch (err) {
      if (err instanceof AppError)
        return {
          ok: false,
          error: {
            status: err.status,
            code: err.code,
            message: err.message,
            ...(err.details ? { details: err.details } : {}),
          },
        };
      log.error({ err }, 'request handler failed');
      return { ok: false, error: { status: 500, code: 'internal', message: 'Something went wrong on our side' } };
    }
  });
}

export async function callRpc<T>(
  bus: Bus,
  subject: string,
  payload: unknown,
  opts: { reqId?: string; timeoutMs?: number } = {},
): Promise<T> {
  let reply: RpcReply<T>;
  try {
    reply = (await bus.request(subject, payload, {
      timeoutMs: opts.timeoutMs ?? 10_000,
      headers: opts.reqId ? { 'x-request-id': opts.reqId } : {},
    })) as RpcReply<T>;
  } catch {
    // No responder, a timeout or the bus itself away: the same answer for the caller.
    throw new AppError(503, 'unavailable', 'The service is temporarily unavailable. Please try again.');
  }
  if (!reply || typeof reply !== 'object' || !('ok' in reply))
    throw new AppError(502, 'internal', 'Unexpected reply from a service');
  if (reply.ok) return reply.data;
  throw new AppError(reply.error.status, reply.error.code, reply.error.message, reply.error.details);
}

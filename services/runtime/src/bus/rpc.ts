/**
 * Request/reply between the gateway and the services that own the data, typed end to end by
 * the declarations in contracts (`RPC`): the serving side checks the input against the
 * declaration's input schema and refuses text PostgreSQL cannot store (a failure is a 400
 * `validation_failed` reply), the caller checks the reply against its output schema (a reply
 * that fails it is logged and becomes a 502). A reply is `{ ok: true, data }` or
 * `{ ok: false, error }` carrying the HTTP status and envelope fields, so an AppError thrown in
 * a service reaches the browser unchanged; unexpected failures are logged where they happen and
 * answered as `internal`.
 */
import * as v from 'valibot';
import {
  ERROR_CODES,
  ErrorEnvelopeSchema,
  fieldErrorsOf,
  unstorableTextFields,
  type ErrorCode,
  type ErrorDetails,
  type RpcInput,
  type RpcOutput,
  type RpcSpec,
} from '@lp/contracts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { requestIdHeaders, requestIdOf } from './request-id.ts';
import type { Bus, ServeHandle } from './types.ts';

type RpcError = { status: number; code: ErrorCode; message: string; details?: ErrorDetails };
export type RpcReply<T> = { ok: true; data: T } | { ok: false; error: RpcError };

const RpcReplySchema = v.variant('ok', [
  v.object({ ok: v.literal(true), data: v.unknown() }),
  v.object({
    ok: v.literal(false),
    error: v.object({
      status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)),
      code: v.picklist(ERROR_CODES),
      message: v.string(),
      details: ErrorEnvelopeSchema.entries.error.entries.details,
    }),
  }),
]);

export type RpcContext = { reqId: string; log: Logger };

/** What the handler of `R` may answer: anything its reply schema accepts. */
export type RpcHandler<R extends RpcSpec> = (
  input: v.InferOutput<R['input']>,
  ctx: RpcContext,
) => Promise<v.InferInput<R['output']>>;

export function serveRpc<R extends RpcSpec>(
  bus: Bus,
  rpc: R,
  opts: { queue: string; log: Logger; handle: RpcHandler<R> },
): Promise<ServeHandle> {
  return bus.serve(rpc.subject, opts.queue, async (payload, meta): Promise<RpcReply<unknown>> => {
    const reqId = requestIdOf(meta.headers) ?? crypto.randomUUID();
    const log = opts.log.child({ reqId, rpc: rpc.subject });
    const parsed = v.safeParse(rpc.input, payload);
    // Text PostgreSQL cannot store fails like any other field, before the handler writes anything.
    const fields = parsed.success ? unstorableTextFields(parsed.output) : fieldErrorsOf(parsed.issues);
    if (!parsed.success || Object.keys(fields).length > 0)
      return {
        ok: false,
        error: { status: 400, code: 'validation_failed', message: 'Some fields need attention', details: { fields } },
      };
    try {
      const started = performance.now();
      const data = await opts.handle(parsed.output, { reqId, log });
      log.debug({ ms: Math.round(performance.now() - started) }, 'request answered');
      return { ok: true, data };
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

/** A reply that does not match its declaration: the two ends disagree (a deploy skew or a bug). */
export class UnexpectedReplyError extends AppError {
  constructor(
    readonly subject: string,
    readonly issues: ReturnType<typeof v.flatten>,
  ) {
    super(502, 'internal', 'Unexpected reply from a service');
    this.name = 'UnexpectedReplyError';
  }
}

/**
 * Who asks: the request id travels as a header; `log` records a reply that fails its schema;
 * `timeoutMs` overrides how long to wait (else the declaration's, else 10 s).
 */
export type RpcCallOptions = { reqId?: string; log: Logger; timeoutMs?: number };

export async function callRpc<R extends RpcSpec>(
  bus: Bus,
  rpc: R,
  input: RpcInput<R>,
  opts: RpcCallOptions,
): Promise<RpcOutput<R>> {
  let raw: unknown;
  try {
    raw = await bus.request(rpc.subject, input, {
      timeoutMs: opts.timeoutMs ?? rpc.timeoutMs ?? 10_000,
      headers: requestIdHeaders(opts.reqId),
    });
  } catch {
    // No responder, a timeout or the bus itself away: the same answer for the caller.
    throw new AppError(503, 'unavailable', 'The service is temporarily unavailable. Please try again.');
  }
  const reply = v.safeParse(RpcReplySchema, raw);
  if (!reply.success) throw unexpected(rpc.subject, reply.issues, opts.log);
  if (!reply.output.ok) {
    const { status, code, message, details } = reply.output.error;
    throw new AppError(status, code, message, details);
  }
  const data = v.safeParse(rpc.output, reply.output.data);
  if (!data.success) throw unexpected(rpc.subject, data.issues, opts.log);
  return data.output;
}

function unexpected(subject: string, issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]], log: Logger) {
  const err = new UnexpectedReplyError(subject, v.flatten(issues));
  log.error({ rpc: subject, issues: err.issues }, 'reply does not match its schema');
  return err;
}

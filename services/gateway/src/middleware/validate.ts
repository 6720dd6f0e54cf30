/** Parses input with a contracts schema; failures become 400 with per-field messages. */
import * as v from 'valibot';
import { fieldErrorsOf } from '@lp/contracts';
import { badRequest } from '@lp/runtime';

export function validate<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const r = v.safeParse(schema, input);
  if (r.success) return r.output;
  throw badRequest('Some fields need attention', { fields: fieldErrorsOf(r.issues) });
}

/**
 * A command whose input is all in its path and query refuses a request body: fields a client
 * sends there would otherwise be ignored without a word.
 */
export function refuseBody(headers: { 'content-length'?: string; 'transfer-encoding'?: string }): void {
  if (Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'])
    throw badRequest('This request takes no body: give its options in the query string');
}

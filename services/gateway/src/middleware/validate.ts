/** Parses input with a contracts schema; failures become 400 with per-field messages. */
import * as v from 'valibot';
import { fieldErrorsOf } from '@lp/contracts';
import { badRequest } from '@lp/runtime';

export function validate<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const r = v.safeParse(schema, input);
  if (r.success) return r.output;
  throw badRequest('Some fields need attention', { fields: fieldErrorsOf(r.issues) });
}

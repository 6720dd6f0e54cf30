/**
 * Parses input with a contracts schema; failures become 400 with per-field messages. Text that
 * PostgreSQL cannot store (a NUL, an unpaired surrogate) in any field the schema keeps is such a
 * failure too, named by its path, whatever the field's own pipe says.
 */
import * as v from 'valibot';
import { fieldErrorsOf, unstorableTextFields } from '@lp/contracts';
import { badRequest } from '@lp/runtime';

export function validate<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const r = v.safeParse(schema, input);
  if (!r.success) throw badRequest('Some fields need attention', { fields: fieldErrorsOf(r.issues) });
  const unstorable = unstorableTextFields(r.output);
  if (Object.keys(unstorable).length > 0) throw badRequest('Some fields need attention', { fields: unstorable });
  return r.output;
}

/**
 * A command whose input is all in its path and query refuses a request body: fields a client
 * sends there would otherwise be ignored without a word.
 */
export function refuseBody(headers: { 'content-length'?: string; 'transfer-encoding'?: string }): void {
  if (Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'])
    throw badRequest('This request takes no body: give its options in the query string');
}

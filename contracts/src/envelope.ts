/**
 * The one error envelope every HTTP error and every failed NATS reply uses:
 * `{ error: { message, code, details? } }`. Field errors live in `details.fields`.
 */
import * as v from 'valibot';

export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const FieldErrorsSchema = v.record(v.string(), v.array(v.string()));
export type FieldErrors = v.InferOutput<typeof FieldErrorsSchema>;

export const ErrorEnvelopeSchema = v.object({
  error: v.object({
    message: v.string(),
    code: v.picklist(ERROR_CODES),
    details: v.optional(
      v.object({
        fields: v.optional(FieldErrorsSchema),
        retryAfterSeconds: v.optional(v.number()),
      }),
    ),
  }),
});
export type ErrorEnvelope = v.InferOutput<typeof ErrorEnvelopeSchema>;
export type ErrorDetails = NonNullable<ErrorEnvelope['error']['details']>;

/** Flattens valibot issues into `{ field: [messages] }` (first path segment names the field). */
export function fieldErrorsOf(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  // A Map, then own properties: a field named `__proto__` (hostile input does that) stays a field.
  const out = new Map<string, string[]>();
  for (const issue of issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') || '_';
    out.set(key, [...(out.get(key) ?? []), issue.message]);
  }
  return Object.fromEntries(out);
}

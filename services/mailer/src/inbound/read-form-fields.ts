/**
 * A provider's form post (multipart/form-data, or urlencoded for Mailgun without files) read
 * from the already size-capped body with busboy. Field values are kept as bytes (decoded as
 * latin1, one character per byte), because a field's charset is named elsewhere (SendGrid's
 * `charsets`); files are kept whole, in order. Fields holding JSON are checked against the
 * shape the provider documents.
 */
import { Readable } from 'node:stream';
import busboy from 'busboy';
import iconv from 'iconv-lite';
import * as v from 'valibot';
import { fieldErrorsOf, type FieldErrors } from '@lp/contracts';
import { AppError, badRequest } from '@lp/runtime';

export type FormFile = { field: string; filename: string; mimeType: string; data: Buffer };
export type FormFields = { fields: Map<string, Buffer>; files: FormFile[] };

export function readFormFields(body: Buffer, contentType: string): Promise<FormFields> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: { 'content-type': contentType },
        defCharset: 'latin1',
        defParamCharset: 'utf8',
        limits: { fieldSize: body.length + 1, fields: 1000, files: 200, parts: 1200 },
      });
    } catch (err) {
      reject(new AppError(400, 'bad_request', `The form could not be read: ${(err as Error).message}`));
      return;
    }
    const fields = new Map<string, Buffer>();
    const files: FormFile[] = [];
    bb.on('field', (name, value) => {
      if (!fields.has(name)) fields.set(name, Buffer.from(value, 'latin1'));
    });
    bb.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () =>
        files.push({ field, filename: info.filename ?? '', mimeType: info.mimeType, data: Buffer.concat(chunks) }),
      );
    });
    bb.on('error', (err: Error) =>
      reject(new AppError(400, 'bad_request', `The form could not be read: ${err.message}`)),
    );
    bb.on('close', () => resolve({ fields, files }));
    Readable.from([body]).pipe(bb);
  });
}

/** A field's bytes as text in `charset` (UTF-8 when unnamed or unknown to iconv-lite). */
export function fieldText(fields: Map<string, Buffer>, name: string, charset?: string): string {
  const bytes = fields.get(name);
  if (!bytes) return '';
  const cs = charset && iconv.encodingExists(charset) ? charset : 'utf-8';
  return iconv.decode(bytes, cs);
}

/**
 * A field holding JSON of the shape the provider documents: `fallback` when absent or empty; a
 * 400 naming the field (and the place inside it) when it is not JSON or not of that shape, so a
 * `null` or a number where the parser expects an object is the sender's error, never a 500.
 */
export function fieldJson<S extends v.GenericSchema>(
  fields: Map<string, Buffer>,
  name: string,
  schema: S,
  fallback: v.InferOutput<S>,
): v.InferOutput<S> {
  const s = fieldText(fields, name);
  if (!s) return fallback;
  let json: unknown;
  try {
    json = JSON.parse(s);
  } catch {
    throw providerFieldsError({ [name]: ['Not valid JSON'] });
  }
  return providerField(schema, json, name);
}

/** `value` checked against `schema`; a failure is a 400 whose fields are named under `name`. */
export function providerField<S extends v.GenericSchema>(schema: S, value: unknown, name?: string): v.InferOutput<S> {
  const r = v.safeParse(schema, value);
  if (r.success) return r.output;
  const inner = fieldErrorsOf(r.issues);
  const named = name
    ? Object.fromEntries(Object.entries(inner).map(([k, m]) => [k === '_' ? name : `${name}.${k}`, m]))
    : inner;
  throw providerFieldsError(named);
}

const providerFieldsError = (fields: FieldErrors) =>
  badRequest('Some fields of the post are not as the provider documents them', { fields });

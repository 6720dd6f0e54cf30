/**
 * Text that can be stored. PostgreSQL's text and jsonb refuse the NUL character, and jsonb refuses
 * an unpaired UTF-16 surrogate (text silently turns one into U+FFFD), so a request that carries
 * either would fail as a server error after parts of it had already happened.
 *
 * Two guards, one rule (`isStorableText`):
 * - `storable()` ends the pipe of a free-text field, for a field-specific message;
 * - `unstorableTextFields(value)` finds every string (and object key) in a parsed value that breaks
 *   the rule, by path. The gateway's `validate()`, the RPC server and the bus consumer template run
 *   it on every schema's output, so no text field of any schema in contracts can carry one, whether
 *   or not its pipe says `storable()`.
 */
import * as v from 'valibot';
import type { FieldErrors } from './envelope.ts';

export const NOT_STORABLE_MESSAGE = 'Contains a character that is not allowed';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True unless `s` holds a NUL character or an unpaired surrogate. */
export const isStorableText = (s: string): boolean => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

export const storable = (message = NOT_STORABLE_MESSAGE) => v.check<string, string>(isStorableText, message);

const isPlainObject = (x: object): x is Record<string, unknown> => {
  const proto = Object.getPrototypeOf(x) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * `{ 'path.to.field': [NOT_STORABLE_MESSAGE] }` for every string in `value` that cannot be stored
 * (paths as in `fieldErrorsOf`; a bad key is named by its own, cleaned, path); `{}` when none.
 */
export function unstorableTextFields(value: unknown): FieldErrors {
  const out = new Map<string, string[]>();
  // One path, pushed and popped as the walk goes (it runs on every pixel batch's thousand hits:
  // a new path array per field was most of its cost), joined only for a field that fails.
  const path: string[] = [];
  const visit = (x: unknown) => {
    if (typeof x === 'string') {
      if (!isStorableText(x)) out.set(path.join('.') || '_', [NOT_STORABLE_MESSAGE]);
      return;
    }
    if (typeof x !== 'object' || x === null) return;
    if (Array.isArray(x)) {
      for (let i = 0; i < x.length; i++) {
        path.push(String(i));
        visit(x[i]);
        path.pop();
      }
      return;
    }
    if (!isPlainObject(x)) return;
    for (const key of Object.keys(x)) {
      if (!isStorableText(key)) {
        out.set([...path, markUnstorable(key)].join('.'), [NOT_STORABLE_MESSAGE]);
        continue;
      }
      path.push(key);
      visit(x[key]);
      path.pop();
    }
  };
  visit(value);
  // Own properties from a Map: a field named `__proto__` stays a field (as in fieldErrorsOf).
  return Object.fromEntries(out);
}

const LONE_SURROGATES = new RegExp(LONE_SURROGATE, 'g');

/**
 * `s` with each NUL and unpaired surrogate shown as U+FFFD: a record of what was sent (a bad
 * key's name, an audit entry, a dead letter) keeps the place of every character it cannot store.
 */
export const markUnstorable = (s: string): string =>
  s.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATES, '\uFFFD');

/**
 * Text from outside that is kept rather than refused (an inbound e-mail): NUL characters dropped,
 * unpaired surrogates made U+FFFD, as a UTF-8 decoder would.
 */
export const toStorableText = (s: string): string => s.replaceAll('\u0000', '').replace(LONE_SURROGATES, '\uFFFD');

import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './envelope.ts';

describe('fieldErrorsOf: the field errors of a 400', () => {
  it('groups messages by field path', () => {
    const r = v.safeParse(v.object({ a: v.string('a is text'), b: v.object({ c: v.number('c is a number') }) }), {
      a: 1,
      b: { c: 'x' },
    });
    expect(r.success).toBe(false);
    expect(fieldErrorsOf(r.issues!)).toEqual({ a: ['a is text'], 'b.c': ['c is a number'] });
  });

  it('keeps a field named __proto__ as a field (a query string can name one) instead of failing', () => {
    const query = Object.fromEntries([
      ['__proto__', 'x'],
      ['limit', '1e9'],
    ]);
    const r = v.safeParse(v.strictObject({ days: v.optional(v.string()) }, 'unknown option'), query);
    expect(r.success).toBe(false);
    const fields = fieldErrorsOf(r.issues!);
    expect(Object.keys(fields)).toContain('__proto__');
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toEqual(['unknown option']);
    expect(JSON.stringify(fields)).toContain('"__proto__":["unknown option"]');
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });
});

import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isStorableText, NOT_STORABLE_MESSAGE, storable, unstorableTextFields, markUnstorable } from './text.ts';

const bad = [NOT_STORABLE_MESSAGE];

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, and keeps pairs (emoji) and other control characters', () => {
    for (const s of ['\u0000', 'a\u0000b', '\ud800', 'x \ud800', '\udfff', '\udfff\ud800', 'a\ud83c'])
      expect(isStorableText(s), JSON.stringify(s)).toBe(false);
    for (const s of ['', 'plain', '🏠 lot', '\ud83c\udfe0', '\u0001\t\n', '{{' + ' '.repeat(8000)])
      expect(isStorableText(s), JSON.stringify(s)).toBe(true);
    expect(v.safeParse(v.pipe(v.string(), storable()), 'x \ud800').success).toBe(false);
  });

  it('names every unstorable string of a value by its path, keys included', () => {
    expect(
      unstorableTextFields({
        subject: 'x \ud800',
        ok: '🏠',
        n: 1,
        when: new Date(0),
        metadata: { notes: 'a\u0000', fine: ['a', 'b\udc00'] },
        ['k\u0000']: 'v',
      }),
    ).toEqual({
      subject: bad,
      'metadata.notes': bad,
      'metadata.fine.1': bad,
      'k\uFFFD': bad,
    });
    expect(unstorableTextFields('\u0000')).toEqual({ _: bad });
    expect(unstorableTextFields({ a: ['x', { b: null }], c: true })).toEqual({});
  });
});

describe('markUnstorable', () => {
  it('keeps paired surrogates (emoji) and shows unpaired ones and NUL, which PostgreSQL refuses, as U+FFFD', () => {
    expect(markUnstorable('lots 😀 x \ud800 y \udc00 z a\u0000b')).toBe('lots 😀 x \uFFFD y \uFFFD z a\uFFFDb');
    expect(markUnstorable('\udbff\udfff')).toBe('\udbff\udfff');
    expect(markUnstorable('plain')).toBe('plain');
  });
});

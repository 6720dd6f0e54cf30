import { describe, expect, it } from 'vitest';
import { isNotModified } from './http-cache.ts';

const lm = new Date('2026-11-20T10:00:00.750Z');
const lmHeader = lm.toUTCString(); // "Fri, 20 Nov 2026 10:00:00 GMT"

describe('isNotModified', () => {
  it('matches If-None-Match against the ETag (weak comparison, lists, *)', () => {
    expect(isNotModified('"abc"', '', '"abc"', lm)).toBe(true);
    expect(isNotModified('W/"abc"', '', '"abc"', lm)).toBe(true);
    expect(isNotModified('"x", "abc"', '', '"abc"', lm)).toBe(true);
    expect(isNotModified('*', '', '"abc"', lm)).toBe(true);
    expect(isNotModified('"x"', '', '"abc"', lm)).toBe(false);
  });

  it('ignores If-Modified-Since when If-None-Match is present', () => {
    expect(isNotModified('"x"', lmHeader, '"abc"', lm)).toBe(false);
  });

  it('compares If-Modified-Since at one-second resolution', () => {
    expect(isNotModified('', lmHeader, '"abc"', lm)).toBe(true);
    expect(isNotModified('', new Date(lm.getTime() + 5000).toUTCString(), '"abc"', lm)).toBe(true);
    expect(isNotModified('', new Date(lm.getTime() - 1000).toUTCString(), '"abc"', lm)).toBe(false);
    expect(isNotModified('', 'not a date', '"abc"', lm)).toBe(false);
    expect(isNotModified('', '', '"abc"', lm)).toBe(false);
  });
});

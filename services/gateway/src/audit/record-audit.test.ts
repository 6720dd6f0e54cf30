import { describe, expect, it } from 'vitest';
import { storableText } from './record-audit.ts';

describe('storableText', () => {
  it('keeps paired surrogates (emoji) and replaces unpaired ones and NUL, which PostgreSQL refuses', () => {
    expect(storableText('lots 😀 x \ud800 y \udc00 z a\u0000b')).toBe('lots 😀 x \uFFFD y \uFFFD z a\uFFFDb');
    expect(storableText('\udbff\udfff')).toBe('\udbff\udfff');
    expect(storableText('plain')).toBe('plain');
  });
});

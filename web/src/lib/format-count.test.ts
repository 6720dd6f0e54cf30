import { describe, expect, it } from 'vitest';
import { countOf, formatCount } from './format-count';

describe('formatCount', () => {
  it('groups thousands with commas', () => {
    expect(formatCount(50_000)).toBe('50,000');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(999)).toBe('999');
  });
  it('names the noun in the singular only for one', () => {
    expect(countOf(1, 'contact')).toBe('1 contact');
    expect(countOf(50_020, 'contact')).toBe('50,020 contacts');
    expect(countOf(0, 'entry', 'entries')).toBe('0 entries');
  });
});

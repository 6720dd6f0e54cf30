import { describe, expect, it } from 'vitest';
import { percentChange } from './form-submissions.ts';

describe('percentChange', () => {
  it('is the change since the month began in percent, one decimal; null with nothing to compare', () => {
    expect(percentChange(120, 100)).toBe(20);
    expect(percentChange(2, 3)).toBe(-33.3);
    expect(percentChange(5, 5)).toBe(0);
    expect(percentChange(7, 0)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { mergeDuplicateRows } from './upsert-import-chunk.ts';

describe('mergeDuplicateRows', () => {
  it('merges rows of one e-mail in any case: the first spelling stays, later non-empty fields win', () => {
    const { rows, merged } = mergeDuplicateRows([
      ['Ann@x.co', 'Ann', null, '555', null, null],
      ['b@x.co', 'Bo', null, null, null, null],
      ['ann@X.CO', null, 'Archer', null, null, 'note'],
    ]);
    expect(merged).toBe(1);
    expect(rows).toEqual([
      ['Ann@x.co', 'Ann', 'Archer', '555', null, 'note'],
      ['b@x.co', 'Bo', null, null, null, null],
    ]);
  });
});

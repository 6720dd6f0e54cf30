import { describe, expect, it } from 'vitest';
import { mergeDuplicateRows, pgTextArray } from './upsert-import-chunk.ts';

describe('mergeDuplicateRows', () => {
  it('merges rows of one e-mail in any case: the first spelling stays, later non-empty fields win', () => {
    const { rows, merged } = mergeDuplicateRows([
      ['Ann@x.co', 'Ann', null, '555', null, null, null, null],
      ['b@x.co', 'Bo', null, null, null, null, null, null],
      ['ann@X.CO', null, 'Archer', null, null, 'note', null, null],
    ]);
    expect(merged).toBe(1);
    expect(rows).toEqual([
      ['Ann@x.co', 'Ann', 'Archer', '555', null, 'note', null, null],
      ['b@x.co', 'Bo', null, null, null, null, null, null],
    ]);
  });
});

describe('pgTextArray', () => {
  it('quotes every text (quotes and backslashes escaped) and writes null as NULL', () => {
    expect(pgTextArray(['a"b', 'c\\d', null, 'NULL', '', 'x,y {z}'])).toBe(
      '{"a\\"b","c\\\\d",NULL,"NULL","","x,y {z}"}',
    );
    expect(pgTextArray([])).toBe('{}');
  });
});

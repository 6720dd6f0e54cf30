import { describe, expect, it } from 'vitest';
import type { ImportRow } from '@lp/contracts';
import { rowJsonBytes } from './send-import-chunks.ts';

describe('rowJsonBytes', () => {
  it('counts what a row adds to the chunk JSON, escapes and multi-byte characters included', () => {
    const rows: ImportRow[] = [
      ['ann@example.com', 'Ann', null, '928-555-0100', null, null],
      ['zoë@example.com', 'Zoë "Z"', 'Ünal\\Ö', null, '1 Main St,\nPage AZ', 'tab\there\u0001'],
      ['b@x.co', null, null, null, null, null],
    ];
    for (const row of rows) expect(rowJsonBytes(row)).toBe(Buffer.byteLength(JSON.stringify(row)) + 1);
    const chunk = JSON.stringify(rows);
    expect(rows.reduce((n, row) => n + rowJsonBytes(row), 2)).toBeGreaterThanOrEqual(Buffer.byteLength(chunk));
  });
});

/** Which days' visits a filtered view reads again: ranges of stale days that never take in a kept day or a day outside both periods. */
import { describe, expect, it } from 'vitest';
import { staleRuns } from './kept-days.ts';

const week = (from: string, to: string) => ({ from, to, days: 7 });

describe('the stale days read as ranges', () => {
  const periods = { period: week('2026-11-19', '2026-11-25'), comparison: week('2026-11-12', '2026-11-18') };

  it('reads each period as one range on a first look, across days without visits', () => {
    const days = ['2026-11-12', '2026-11-15', '2026-11-19', '2026-11-24', '2026-11-25'];
    expect(staleRuns(days, new Set(days), [periods.period, periods.comparison])).toEqual([
      ['2026-11-12', '2026-11-15'],
      ['2026-11-19', '2026-11-25'],
    ]);
  });

  it('reads today alone when the rest is kept, and stops a range at a kept day', () => {
    const days = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-25'];
    expect(staleRuns(days, new Set(['2026-11-25']), [periods.period, periods.comparison])).toEqual([
      ['2026-11-25', '2026-11-25'],
    ]);
    expect(
      staleRuns(days, new Set(['2026-11-20', '2026-11-21', '2026-11-23', '2026-11-25']), [
        periods.period,
        periods.comparison,
      ]),
    ).toEqual([
      ['2026-11-20', '2026-11-21'],
      ['2026-11-23', '2026-11-25'],
    ]);
    expect(staleRuns(days, new Set(), [periods.period, periods.comparison])).toEqual([]);
  });

  it('never reads the year between a period and the same days last year', () => {
    const yearAgo = { period: periods.period, comparison: week('2025-11-19', '2025-11-25') };
    const days = ['2025-11-20', '2025-11-25', '2026-11-19', '2026-11-25'];
    expect(staleRuns(days, new Set(days), [yearAgo.period, yearAgo.comparison])).toEqual([
      ['2025-11-20', '2025-11-25'],
      ['2026-11-19', '2026-11-25'],
    ]);
  });

  it('reads a day two overlapping periods share once', () => {
    const overlap = {
      period: { from: '2025-11-24', to: '2026-11-24', days: 366 },
      comparison: { from: '2024-11-24', to: '2025-11-24', days: 366 },
    };
    const days = ['2025-01-10', '2025-11-24', '2026-03-01'];
    expect(staleRuns(days, new Set(days), [overlap.period, overlap.comparison])).toEqual([
      ['2025-01-10', '2026-03-01'],
    ]);
  });
});

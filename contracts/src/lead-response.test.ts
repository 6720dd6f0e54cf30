import { describe, expect, it } from 'vitest';
import { formatDuration, median, medianPerWeek, siteWeekOf } from './lead-response.ts';

const MIN = 60_000;

describe('the time to first response', () => {
  it('reads as hours and minutes, days and hours, or under a minute', () => {
    expect(formatDuration(134 * MIN)).toBe('2 h 14 min');
    expect(formatDuration(45 * MIN + 59_000)).toBe('45 min');
    expect(formatDuration(120 * MIN)).toBe('2 h');
    expect(formatDuration((3 * 24 + 4) * 60 * MIN + 30 * MIN)).toBe('3 d 4 h');
    expect(formatDuration(2 * 24 * 60 * MIN)).toBe('2 d');
    expect(formatDuration(20_000)).toBe('under 1 min');
    expect(formatDuration(-5)).toBe('under 1 min');
  });

  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
  });
});

describe('the median per week', () => {
  const zone = 'America/Phoenix'; // UTC-7 all year
  const now = new Date('2026-11-29T18:00:00Z'); // Sunday Nov 29 in Phoenix: the week of Monday Nov 23

  it('starts weeks on Monday in the site time zone', () => {
    // Monday 03:00 UTC is still Sunday evening in Phoenix.
    expect(siteWeekOf(new Date('2026-11-23T03:00:00Z'), zone)).toBe('2026-11-16');
    expect(siteWeekOf(new Date('2026-11-23T07:00:00Z'), zone)).toBe('2026-11-23');
    expect(siteWeekOf(new Date('2026-11-23T03:00:00Z'), 'UTC')).toBe('2026-11-23');
  });

  it('gives the last 8 weeks oldest first, empty weeks with no median, unanswered leads counted but not timed', () => {
    const weeks = medianPerWeek(
      [
        // The week of Nov 23: answered after 1 h and 3 h (median 2 h), one not answered yet.
        { at: '2026-11-24T16:00:00Z', firstResponseAt: '2026-11-24T17:00:00Z' },
        { at: '2026-11-25T16:00:00Z', firstResponseAt: '2026-11-25T19:00:00Z' },
        { at: '2026-11-26T16:00:00Z', firstResponseAt: null },
        // Sunday night in Phoenix (Monday in UTC): the week of Nov 16, answered the next week.
        { at: '2026-11-23T03:00:00Z', firstResponseAt: '2026-11-23T03:30:00Z' },
        // Older than the 8 weeks: left out.
        { at: '2026-09-01T16:00:00Z', firstResponseAt: '2026-09-01T17:00:00Z' },
      ],
      now,
      zone,
    );
    expect(weeks.map((w) => w.weekStart)).toEqual([
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
    ]);
    expect(weeks[7]).toEqual({ weekStart: '2026-11-23', leads: 3, answered: 2, medianMs: 120 * MIN });
    expect(weeks[6]).toEqual({ weekStart: '2026-11-16', leads: 1, answered: 1, medianMs: 30 * MIN });
    expect(weeks[0]).toEqual({ weekStart: '2026-10-05', leads: 0, answered: 0, medianMs: null });
  });
});

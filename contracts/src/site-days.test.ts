/** The dashboard's ranges are calendar days in the site's zone, whatever the server's own zone says. */
import { expect, it } from 'vitest';
import { lastSiteDays, siteDayOf } from './site-days.ts';

const lateEveningInArizona = new Date('2026-12-01T06:30:00Z'); // 23:30 on 30 November, UTC-7

it("ends the range on the site's today, not UTC's", () => {
  expect(siteDayOf(lateEveningInArizona, 'America/Phoenix')).toBe('2026-11-30');
  expect(siteDayOf(lateEveningInArizona, 'UTC')).toBe('2026-12-01');
  expect(lastSiteDays(7, 'America/Phoenix', lateEveningInArizona)).toEqual([
    '2026-11-24',
    '2026-11-25',
    '2026-11-26',
    '2026-11-27',
    '2026-11-28',
    '2026-11-29',
    '2026-11-30',
  ]);
});

it('counts every range in whole days across month and year ends', () => {
  for (const days of [7, 30, 90, 365]) {
    const range = lastSiteDays(days, 'America/Phoenix', new Date('2027-01-02T12:00:00Z'));
    expect(range).toHaveLength(days);
    expect(range.at(-1)).toBe('2027-01-02');
    expect(new Set(range).size).toBe(days);
  }
});

it('gives every instant the day a fresh formatting gives, across daylight-saving changes and quarter-hour zones', () => {
  for (const [timeZone, from] of [
    ['America/Denver', '2026-03-07T00:00:00Z'], // spring forward on 8 March
    ['America/Denver', '2026-10-31T00:00:00Z'], // fall back on 1 November
    ['Asia/Kathmandu', '2026-11-20T00:00:00Z'], // UTC+5:45
    ['Australia/Lord_Howe', '2026-04-04T00:00:00Z'], // a half-hour change on 5 April
    ['America/Phoenix', '2026-11-20T00:00:00Z'],
  ] as const) {
    const fresh = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    // Every minute of three days, asked out of order so a cached quarter is asked from its middle too.
    const minutes = Array.from({ length: 3 * 1440 }, (_, i) => (i * 7919) % (3 * 1440));
    for (const m of minutes) {
      const at = new Date(Date.parse(from) + m * 60_000);
      expect(siteDayOf(at, timeZone), `${timeZone} ${at.toISOString()}`).toBe(fresh.format(at));
    }
  }
});

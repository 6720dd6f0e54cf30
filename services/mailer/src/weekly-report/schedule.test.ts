/** The weekly report's schedule: which slot is due, in the site's time zone, across DST, once per week. */
import { describe, expect, it } from 'vitest';
import { dueSlot, latestSlot, reportPeriods, wallTimeToInstant, type Schedule } from './schedule.ts';

const at = (s: string) => new Date(s);
const MONDAY_8: Schedule = {
  enabled: true,
  weekday: 1,
  hour: 8,
  recipients: 1,
  scheduleFrom: at('2026-01-01T00:00:00Z'),
};

describe('wallTimeToInstant', () => {
  it('reads the wall clock of the zone (Arizona keeps UTC−7 all year)', () => {
    expect(wallTimeToInstant('2026-11-30', 8, 'America/Phoenix').toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(wallTimeToInstant('2026-07-06', 8, 'America/Phoenix').toISOString()).toBe('2026-07-06T15:00:00.000Z');
    expect(wallTimeToInstant('2026-11-30', 24, 'America/Phoenix').toISOString()).toBe('2026-12-01T07:00:00.000Z');
  });

  it('follows a daylight-saving zone: a skipped hour is the first instant after, a repeated one its first time', () => {
    // Denver springs forward at 02:00 on 8 March 2026 and falls back at 02:00 on 1 November.
    expect(wallTimeToInstant('2026-03-07', 8, 'America/Denver').toISOString()).toBe('2026-03-07T15:00:00.000Z');
    expect(wallTimeToInstant('2026-03-09', 8, 'America/Denver').toISOString()).toBe('2026-03-09T14:00:00.000Z');
    expect(wallTimeToInstant('2026-03-08', 2, 'America/Denver').toISOString()).toBe('2026-03-08T09:00:00.000Z');
    expect(wallTimeToInstant('2026-11-01', 1, 'America/Denver').toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(wallTimeToInstant('2026-11-02', 8, 'America/Denver').toISOString()).toBe('2026-11-02T15:00:00.000Z');
    expect(wallTimeToInstant('2026-11-30', 8, 'Asia/Kathmandu').toISOString()).toBe('2026-11-30T02:15:00.000Z');
  });
});

describe('latestSlot', () => {
  it("is this week's slot once it has begun, last week's before", () => {
    // Monday 30 November 2026, 08:00 in Phoenix is 15:00 UTC.
    expect(latestSlot(at('2026-11-30T15:00:00Z'), 1, 8, 'America/Phoenix').day).toBe('2026-11-30');
    expect(latestSlot(at('2026-11-30T14:59:59Z'), 1, 8, 'America/Phoenix').day).toBe('2026-11-23');
    expect(latestSlot(at('2026-12-06T23:00:00Z'), 1, 8, 'America/Phoenix').day).toBe('2026-11-30');
    // Sunday 23:00 is the same site day whatever UTC says (Monday 06:00 UTC).
    expect(latestSlot(at('2026-12-07T06:00:00Z'), 7, 23, 'America/Phoenix').day).toBe('2026-12-06');
  });

  it('goes out at 08:00 wall time on both sides of a daylight-saving change', () => {
    const denver = (s: string) => latestSlot(at(s), 1, 8, 'America/Denver');
    // 9 March 2026 (the Monday after spring forward): 08:00 MDT = 14:00 UTC.
    expect(denver('2026-03-09T13:59:00Z').day).toBe('2026-03-02');
    expect(denver('2026-03-09T14:00:00Z')).toEqual({ day: '2026-03-09', at: at('2026-03-09T14:00:00Z') });
    // 2 November 2026 (after fall back): 08:00 MST = 15:00 UTC.
    expect(denver('2026-11-02T14:30:00Z').day).toBe('2026-10-26');
    expect(denver('2026-11-02T15:00:00Z').day).toBe('2026-11-02');
  });
});

describe('dueSlot', () => {
  it('names one slot for the whole week: a report missed while the mailer was down is still due until the next slot', () => {
    const days = ['2026-11-30T15:00:00Z', '2026-12-02T12:00:00Z', '2026-12-07T14:59:00Z'];
    expect(days.map((d) => dueSlot(MONDAY_8, at(d), 'America/Phoenix')?.day)).toEqual([
      '2026-11-30',
      '2026-11-30',
      '2026-11-30',
    ]);
    // The next slot replaces it: a week whose report was never sent is not sent later.
    expect(dueSlot(MONDAY_8, at('2026-12-07T15:00:00Z'), 'America/Phoenix')?.day).toBe('2026-12-07');
  });

  it('is nothing while off or without recipients', () => {
    expect(dueSlot({ ...MONDAY_8, enabled: false }, at('2026-11-30T16:00:00Z'), 'America/Phoenix')).toBeNull();
    expect(dueSlot({ ...MONDAY_8, recipients: 0 }, at('2026-11-30T16:00:00Z'), 'America/Phoenix')).toBeNull();
  });

  it("does not send last week's report when turned on midweek, but does within the slot's own hour", () => {
    const on = (when: string) => ({ ...MONDAY_8, scheduleFrom: at(when) });
    expect(dueSlot(on('2026-12-02T10:00:00Z'), at('2026-12-02T10:01:00Z'), 'America/Phoenix')).toBeNull();
    expect(dueSlot(on('2026-12-02T10:00:00Z'), at('2026-12-07T15:00:00Z'), 'America/Phoenix')?.day).toBe('2026-12-07');
    expect(dueSlot(on('2026-11-30T15:40:00Z'), at('2026-11-30T15:41:00Z'), 'America/Phoenix')?.day).toBe('2026-11-30');
  });
});

describe('reportPeriods', () => {
  it('covers the 7 whole days before the slot day and the 7 before those, across a month end', () => {
    expect(reportPeriods('2026-12-07')).toEqual({
      current: { from: '2026-11-30', to: '2026-12-06', days: 7 },
      previous: { from: '2026-11-23', to: '2026-11-29', days: 7 },
    });
  });
});

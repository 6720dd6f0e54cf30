import { afterEach, describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatTime,
  setSiteTimeZone,
  siteDayOf,
  siteTimeZone,
  siteWallTimeToIso,
  timeZoneLabel,
} from './site-time';

afterEach(() => setSiteTimeZone('America/Phoenix'));

describe('site time', () => {
  it('shows instants in Arizona time by default, in one format', () => {
    expect(siteTimeZone()).toBe('America/Phoenix');
    // 03:00Z on the 26th is 8 PM on the 25th in Phoenix (UTC−7 all year).
    expect(formatDateTime('2026-11-26T03:00:00Z')).toBe('Nov 25, 2026, 8:00 PM');
    expect(formatDate('2026-11-26T03:00:00Z')).toBe('Nov 25, 2026');
    expect(formatTime('2026-11-26T03:00:00Z')).toBe('8:00 PM');
    expect(siteDayOf('2026-11-26T03:00:00Z')).toBe('2026-11-25');
    expect(timeZoneLabel(new Date('2026-11-26T03:00:00Z'))).toBe('Phoenix time (MST)');
  });

  it('follows the configured zone, names it, and ignores an unknown one', () => {
    setSiteTimeZone('Europe/Berlin');
    expect(formatDateTime('2026-11-26T03:00:00Z')).toBe('Nov 26, 2026, 4:00 AM');
    expect(siteDayOf('2026-11-26T03:00:00Z')).toBe('2026-11-26');
    expect(timeZoneLabel(new Date('2026-07-01T12:00:00Z'))).toMatch(/^Berlin time \(/);
    setSiteTimeZone('UTC');
    expect(timeZoneLabel()).toBe('UTC');
    setSiteTimeZone('Mars/Olympus');
    expect(siteTimeZone()).toBe('UTC');
  });

  it('shows a server-bucketed day as it is, whatever the zone', () => {
    setSiteTimeZone('Pacific/Kiritimati'); // UTC+14
    expect(formatCalendarDay('2026-11-25')).toBe('Nov 25');
    expect(formatCalendarDay('2026-11-25', { year: true })).toBe('Nov 25, 2026');
  });

  it("reads a typed wall-clock time as the site's time, not the browser's", () => {
    expect(siteWallTimeToIso('2026-11-25T20:00')).toBe('2026-11-26T03:00:00.000Z');
    setSiteTimeZone('America/New_York');
    expect(siteWallTimeToIso('2026-07-04T09:30')).toBe('2026-07-04T13:30:00.000Z'); // EDT
    expect(siteWallTimeToIso('2026-12-04T09:30')).toBe('2026-12-04T14:30:00.000Z'); // EST
    expect(siteWallTimeToIso('tomorrow')).toBeNull();
  });

  it('shows a dash for nothing or an unreadable value', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });
});

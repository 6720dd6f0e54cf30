/**
 * When the weekly report goes out and which days it covers. The slot is a weekday and an hour of
 * the wall clock in the site's time zone; each week's slot is named by its site day, and that
 * day names the report: it covers the 7 whole days before the slot's day, compared with the 7
 * before those, whenever within the week it is actually sent. The report due now is the one of
 * the latest slot that has begun, so a report missed while the mailer was down goes out when it
 * is back, until the next slot replaces it; a slot that began before the schedule was turned on
 * or changed (`scheduleFrom`) is not due, except within its own hour.
 *
 * Wall times are turned into instants here with `Intl` (no date library in the project): a time
 * that a daylight-saving change skips (02:00 on a spring-forward day) is the first instant after
 * the gap (03:00), and one it repeats (01:00 on a fall-back day) is its first occurrence.
 */
import { addDays, siteDayOf, type SitePeriod } from '@lp/contracts';

const HOUR_MS = 3_600_000;

const formats = new Map<string, Intl.DateTimeFormat>();
function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of wallFormat(timeZone).formatToParts(new Date(ms)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant the wall clock of `timeZone` shows `hour`:00 on `day` (YYYY-MM-DD). */
export function wallTimeToInstant(day: string, hour: number, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + hour * HOUR_MS;
  const before = offsetAt(wall, timeZone);
  const first = wall - before;
  const after = offsetAt(first, timeZone);
  if (after === before) return new Date(first);
  const second = wall - after;
  // Both guesses agree with their own offset: the earlier is the first of a repeated hour.
  if (offsetAt(second, timeZone) === after) return new Date(Math.min(first, second));
  // Neither does: the wall time falls in a gap; the guess past it is the first instant after.
  return new Date(Math.max(first, second));
}

/** ISO weekday (1 Monday … 7 Sunday) of a calendar day. */
export const isoWeekdayOf = (day: string): number => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** A week's slot: its site day and the instant it begins. */
export type Slot = { day: string; at: Date };

/** The latest slot (weekday at hour, in `timeZone`) that has begun at `now`. */
export function latestSlot(now: Date, weekday: number, hour: number, timeZone: string): Slot {
  const today = siteDayOf(now, timeZone);
  for (let back = 0; back <= 7; back++) {
    const day = addDays(today, -back);
    if (isoWeekdayOf(day) !== weekday) continue;
    const at = wallTimeToInstant(day, hour, timeZone);
    if (at.getTime() <= now.getTime()) return { day, at };
  }
  // Unreachable: among the last eight days the weekday comes at least once before today.
  throw new Error(`no slot for weekday ${weekday} before ${now.toISOString()}`);
}

/** The 7 whole days before the slot's day, and the 7 before those. */
export function reportPeriods(slotDay: string): { current: SitePeriod; previous: SitePeriod } {
  return {
    current: { from: addDays(slotDay, -7), to: addDays(slotDay, -1), days: 7 },
    previous: { from: addDays(slotDay, -14), to: addDays(slotDay, -8), days: 7 },
  };
}

export type Schedule = { enabled: boolean; weekday: number; hour: number; recipients: number; scheduleFrom: Date };

/**
 * The slot whose report is due at `now`, or null: off, nobody to send to, or the latest slot began
 * more than its hour before the schedule was set. Whether that slot's report was sent already is
 * the store's to say (one row per slot day).
 */
export function dueSlot(s: Schedule, now: Date, timeZone: string): Slot | null {
  if (!s.enabled || s.recipients === 0) return null;
  const slot = latestSlot(now, s.weekday, s.hour, timeZone);
  return s.scheduleFrom.getTime() < slot.at.getTime() + HOUR_MS ? slot : null;
}

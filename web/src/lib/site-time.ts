/**
 * Every date and time the staff dashboard shows, in one place: in the site's time zone
 * (SITE_TIME_ZONE, which the session tells the dashboard; Arizona until it does) and in one
 * format: "Nov 25, 2026" for a day, "Nov 25, 2026, 8:00 PM" with the time, "Nov 25" on a
 * chart's axis. `timeZoneLabel()` names the zone on screen ("Phoenix time (MST)").
 *
 * Calendar days that the server already bucketed in the site's zone (YYYY-MM-DD) are shown as
 * they are, never shifted again by the browser's zone.
 */
import { DEFAULT_SITE_TIME_ZONE } from '@lp/contracts/site-days';

let zone = DEFAULT_SITE_TIME_ZONE;
const cache = new Map<string, Intl.DateTimeFormat>();

function fmt(key: string, options: Intl.DateTimeFormatOptions, timeZone = zone): Intl.DateTimeFormat {
  const k = `${timeZone}|${key}`;
  let f = cache.get(k);
  if (!f) cache.set(k, (f = new Intl.DateTimeFormat('en-US', { ...options, timeZone })));
  return f;
}

/** Called by the dashboard once the session names the site's zone; an unknown zone is ignored. */
export function setSiteTimeZone(timeZone: string | undefined): void {
  if (!timeZone) return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    zone = timeZone;
  } catch {
    console.error(`Unknown site time zone: ${timeZone}`);
  }
}

export const siteTimeZone = () => zone;

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));
const valid = (d: Date) => !Number.isNaN(d.getTime());

/** "Nov 25, 2026" in the site's zone; '—' for nothing or an unreadable value. */
export function formatDate(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '—';
  const d = toDate(value);
  return valid(d) ? fmt('date', { dateStyle: 'medium' }).format(d) : '—';
}

/** "Nov 25, 2026, 8:00 PM" in the site's zone; '—' for nothing or an unreadable value. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '—';
  const d = toDate(value);
  return valid(d) ? fmt('datetime', { dateStyle: 'medium', timeStyle: 'short' }).format(d) : '—';
}

/** "8:00 PM" in the site's zone. */
export function formatTime(value: string | Date): string {
  const d = toDate(value);
  return valid(d) ? fmt('time', { timeStyle: 'short' }).format(d) : '—';
}

/** The calendar day (YYYY-MM-DD) of an instant in the site's zone. */
export function siteDayOf(value: string | Date): string {
  const k = `${zone}|iso-day`;
  let f = cache.get(k);
  if (!f)
    cache.set(
      k,
      (f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })),
    );
  return f.format(toDate(value));
}

/**
 * A day the server bucketed ("2026-11-25") as shown: "Nov 25" on a chart's axis, "Nov 25, 2026"
 * with `year`. Read at noon UTC and shown in UTC, so no zone moves it.
 */
export function formatCalendarDay(day: string, opts: { year?: boolean } = {}): string {
  const d = new Date(`${day}T12:00:00Z`);
  if (!valid(d)) return day;
  return fmt(
    opts.year ? 'cal-year' : 'cal',
    opts.year ? { dateStyle: 'medium' } : { month: 'short', day: 'numeric' },
    'UTC',
  ).format(d);
}

/** The zone's offset from UTC at instant `t`, in ms (wall clock there minus UTC). */
function offsetAt(t: number): number {
  const parts = Object.fromEntries(
    fmt('parts', {
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(t))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return wall - (t - (t % 1000));
}

/**
 * A wall-clock time typed in a `datetime-local` field ("2026-11-25T20:00"), read as the site's
 * time (not the browser's), as an ISO instant; null when it is not such a value.
 */
export function siteWallTimeToIso(local: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  let t = wall - offsetAt(wall);
  t = wall - offsetAt(t); // once more across a daylight-saving change
  return new Date(t).toISOString();
}

/** "Phoenix time (MST)": the zone's city and its abbreviation at `at` (daylight saving shows). */
export function timeZoneLabel(at: Date = new Date()): string {
  const short = fmt('zone', { timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const city = zone === 'UTC' || zone === 'Etc/UTC' ? 'UTC' : (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');
  if (city === 'UTC') return 'UTC';
  return short && short !== city ? `${city} time (${short})` : `${city} time`;
}

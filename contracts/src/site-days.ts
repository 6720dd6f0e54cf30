/**
 * Calendar days in the site's time zone (SITE_TIME_ZONE, as YYYY-MM-DD) and the dashboard's
 * ranges over them: one definition for web analytics, the mailer's e-mail analytics and the
 * dashboard's counters, so "the last 30 days" means the same days on every screen.
 */

/**
 * The default of SITE_TIME_ZONE: the seller is in Arizona (no daylight saving). Analytics days
 * start at midnight in the configured zone, and the dashboard shows every time in it.
 */
export const DEFAULT_SITE_TIME_ZONE = 'America/Phoenix';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * Days already worked out, per time zone and quarter hour: every zone's offset and every
 * daylight-saving change is a whole number of quarter hours, so all instants of one UTC quarter
 * hour fall on the same local day. A batch of a thousand hits asks for a handful of quarters,
 * not a thousand formattings.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const known = new Map<string, string>();
const KNOWN_MAX = 10_000;

/** The calendar day of an instant in `timeZone`. */
export function siteDayOf(at: Date, timeZone: string = DEFAULT_SITE_TIME_ZONE): string {
  const key = `${timeZone}|${Math.floor(at.getTime() / QUARTER_HOUR_MS)}`;
  const day = known.get(key);
  if (day !== undefined) return day;
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, f);
  }
  const formatted = f.format(at);
  if (known.size >= KNOWN_MAX) known.clear();
  known.set(key, formatted);
  return formatted;
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The last `days` calendar days in `timeZone`, today (as of `now`) the last of them. */
export function lastSiteDays(days: number, timeZone: string = DEFAULT_SITE_TIME_ZONE, now = new Date()): string[] {
  const today = siteDayOf(now, timeZone);
  return daysBetween(addDays(today, 1 - days), today);
}

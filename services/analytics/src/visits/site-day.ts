/**
 * Calendar days in the site's time zone (SITE_TIME_ZONE, YYYY-MM-DD), and day arithmetic on
 * them. The zone is a checked IANA name (runtime config), so it can stand in SQL as a literal.
 */
import { DEFAULT_SITE_TIME_ZONE } from '@lp/contracts';

const formats = new Map<string, Intl.DateTimeFormat>();

export function siteDayOf(at: Date, timeZone: string = DEFAULT_SITE_TIME_ZONE): string {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, f);
  }
  return f.format(at);
}

/** The zone as a SQL string literal; refuses anything but an IANA-style name (no quotes, no spaces). */
export function zoneLiteral(timeZone: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(timeZone))
    throw new Error(`not a time zone name: ${timeZone}`);
  return `'${timeZone}'`;
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

/**
 * The site's time zone in SQL. The zone is a checked IANA name (runtime config), so it can stand
 * in SQL as a literal; the calendar days themselves are contracts' `site-days.ts`.
 */

/** The zone as a SQL string literal; refuses anything but an IANA-style name (no quotes, no spaces). */
export function zoneLiteral(timeZone: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(timeZone))
    throw new Error(`not a time zone name: ${timeZone}`);
  return `'${timeZone}'`;
}

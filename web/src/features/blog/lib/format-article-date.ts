/**
 * Dates as visitors read them ("November 17, 2026"), in the seller's time zone (Arizona keeps
 * no daylight saving), so the server's HTML and the browser's render are the same string.
 */
const FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/Phoenix' });

export function formatArticleDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : FORMAT.format(d);
}

/** Dates of the inbox (site time zone): the time for today's mail, the day otherwise; the dialog shows both. */
import { formatDate, formatDateTime, formatTime, siteDayOf } from '../../../lib/site-time';

export function formatInboxDate(iso: string, now = new Date()): string {
  return siteDayOf(iso) === siteDayOf(now) ? formatTime(iso) : formatDate(iso);
}

export const formatFullDate = (iso: string) => formatDateTime(iso);

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

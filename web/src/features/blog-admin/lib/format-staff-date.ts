/** Dates in the staff list: "Nov 17, 2026, 9:00 AM", Arizona time (the office's clock). */
const FORMAT = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Phoenix',
});

export function formatStaffDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : FORMAT.format(d);
}

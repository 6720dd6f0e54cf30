/**
 * How fast staff answer a lead: for each form submission the time from its arrival to the first
 * staff response — a logged call to its contact (crm) or a message staff addressed to it by hand
 * from the dashboard (the mailer: a send to typed addresses, never a list, a segment, a follow-up
 * or the lead's own instant reply) — and the median of those times per week in the site's time
 * zone. Also the "Log a call" payloads and the pure helpers both ends share.
 */
import * as v from 'valibot';
import { addDays, siteDayOf } from './site-days.ts';
import { SUBMISSIONS_PAGE_MAX } from './submissions.ts';
import { storable } from './text.ts';

const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));
const instant = v.pipe(
  v.string(),
  v.maxLength(40),
  v.check((s) => !Number.isNaN(Date.parse(s)), 'Give a valid time'),
);

/** The mailer is asked, for a page of leads at once, when staff first wrote to each address after it. */
export const FirstRepliesInputSchema = v.object({
  leads: v.pipe(
    v.array(v.object({ email: v.pipe(v.string(), v.maxLength(320), storable()), after: instant })),
    v.maxLength(SUBMISSIONS_PAGE_MAX),
  ),
});
export type FirstRepliesInput = v.InferOutput<typeof FirstRepliesInputSchema>;
/** In the order asked: when the first such message was sent, or null. */
export const FirstRepliesSchema = v.object({ replies: v.array(v.nullable(v.string())) });

/** `POST /api/marketing/contacts/{id}/calls`: a call staff made (or took), logged now. */
export const CallLogFormSchema = v.object({
  note: v.optional(
    v.pipe(
      v.string('Note must be text'),
      v.trim(),
      v.maxLength(2000, 'Keep the note under 2,000 characters'),
      storable(),
    ),
    '',
  ),
});
export type CallLogForm = v.InferOutput<typeof CallLogFormSchema>;
export const ContactCallLogInputSchema = v.object({
  contactId: id,
  note: CallLogFormSchema.entries.note,
  loggedBy: v.pipe(v.string(), v.maxLength(200), storable()),
});
export const ContactCallSchema = v.object({
  id: v.number(),
  contactId: v.number(),
  at: v.string(),
  note: v.string(),
  loggedBy: v.string(),
});
export type ContactCall = v.InferOutput<typeof ContactCallSchema>;

/** Weeks shown by the median card. */
export const RESPONSE_WEEKS = 8;

export const ResponseWeekSchema = v.object({
  /** The Monday the week starts on (YYYY-MM-DD, site time zone). */
  weekStart: v.string(),
  leads: v.number(),
  answered: v.number(),
  /** The median time to the first response of the week's answered leads; null when none was answered. */
  medianMs: v.nullable(v.number()),
});
export type ResponseWeek = v.InferOutput<typeof ResponseWeekSchema>;
/** `GET /api/marketing/submissions/response-times`: the last RESPONSE_WEEKS weeks, oldest first. */
export const ResponseTimesSchema = v.object({ timeZone: v.string(), weeks: v.array(ResponseWeekSchema) });
export type ResponseTimes = v.InferOutput<typeof ResponseTimesSchema>;

/** "2 h 14 min", "45 min", "3 d 4 h", "under 1 min". */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'under 1 min';
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return h > 0 ? `${d} d ${h} h` : `${d} d`;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  return `${m} min`;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The Monday of the site-time-zone week an instant falls in. */
export function siteWeekOf(at: Date, timeZone: string): string {
  const day = siteDayOf(at, timeZone);
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  return addDays(day, -weekday);
}

/** The first instant of the week `weeks - 1` weeks before this one (what to read from), with a day's margin for any zone. */
export const responseWeeksSince = (now: Date, timeZone: string, weeks = RESPONSE_WEEKS): Date =>
  new Date(Date.parse(`${addDays(siteWeekOf(now, timeZone), -7 * (weeks - 1) - 1)}T00:00:00Z`));

/**
 * Leads (when each came, when it was first answered) per week, the last `weeks` weeks ending
 * with `now`'s, oldest first; a week without leads is there with none. A lead answered later
 * counts in the week it came; one not answered yet counts as a lead, not in the median.
 */
export function medianPerWeek(
  leads: readonly { at: string; firstResponseAt: string | null }[],
  now: Date,
  timeZone: string,
  weeks = RESPONSE_WEEKS,
): ResponseWeek[] {
  const last = siteWeekOf(now, timeZone);
  const starts = Array.from({ length: weeks }, (_, i) => addDays(last, -7 * (weeks - 1 - i)));
  const byWeek = new Map(starts.map((w) => [w, { leads: 0, times: [] as number[] }]));
  for (const lead of leads) {
    const at = new Date(lead.at);
    const week = byWeek.get(siteWeekOf(at, timeZone));
    if (!week) continue;
    week.leads += 1;
    if (lead.firstResponseAt !== null) week.times.push(Date.parse(lead.firstResponseAt) - at.getTime());
  }
  return starts.map((weekStart) => {
    const w = byWeek.get(weekStart)!;
    return { weekStart, leads: w.leads, answered: w.times.length, medianMs: median(w.times) };
  });
}

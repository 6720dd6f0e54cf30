/**
 * Dashboard counters (spec: staff dashboard §3, Marketing stats): what crm and the mailer
 * count, and what the gateway answers at `GET /api/marketing/stats`. `totalSubmissions` is the
 * home page's Form Responses card, counted by crm rather than by downloading the list.
 */
import * as v from 'valibot';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

const crmCounts = { totalContacts: count, totalLists: count, totalSubmissions: count };
/** Now, and as they stood when the current month began (UTC): the cards' month-over-month change. */
export const CrmStatsSchema = v.object({ ...crmCounts, lastMonth: v.object(crmCounts) });
export type CrmStats = v.InferOutput<typeof CrmStatsSchema>;

export const MailerStatsSchema = v.object({ totalCampaigns: count });
export type MailerStats = v.InferOutput<typeof MailerStatsSchema>;

/** A change in percent since the month began, or null where there is nothing to compare with. */
const change = v.nullable(v.number());

export const MarketingStatsSchema = v.object({
  totalContacts: count,
  /** null: the mailer did not answer; the other counts are still crm's. */
  totalCampaigns: v.nullable(count),
  totalLists: count,
  totalSubmissions: count,
  /** Month-over-month change of each card, in percent; null shows as '—'. */
  changes: v.object({ contacts: change, campaigns: change, lists: change, submissions: change }),
});
export type MarketingStats = v.InferOutput<typeof MarketingStatsSchema>;

/**
 * Dashboard counters (spec: staff dashboard §3, Marketing stats): what crm and the mailer
 * count, and what the gateway answers at `GET /api/marketing/stats`. `totalSubmissions` is the
 * home page's Form Responses card, counted by crm rather than by downloading the list.
 */
import * as v from 'valibot';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const CrmStatsSchema = v.object({ totalContacts: count, totalLists: count, totalSubmissions: count });
export type CrmStats = v.InferOutput<typeof CrmStatsSchema>;

export const MailerStatsSchema = v.object({ totalCampaigns: count });
export type MailerStats = v.InferOutput<typeof MailerStatsSchema>;

export const MarketingStatsSchema = v.object({
  totalContacts: count,
  totalCampaigns: count,
  totalLists: count,
  totalSubmissions: count,
});
export type MarketingStats = v.InferOutput<typeof MarketingStatsSchema>;

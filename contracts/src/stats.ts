/** Dashboard counters (spec: staff dashboard §3, Marketing stats). */
export type MarketingStats = { totalContacts: number; totalCampaigns: number; totalLists: number };
export type CrmStats = { totalContacts: number; totalLists: number; totalSubmissions: number };
export type MailerStats = { totalCampaigns: number };

/** Campaigns: the table, one campaign's progress, Pause / Resume / Schedule, and the single send. */
import useSWR from 'swr';
import type {
  Campaign,
  CampaignDetail,
  CampaignFollowUpForm,
  CampaignRecipientFilter,
  CampaignRecipientsPage,
  CampaignReport,
  SendAccepted,
  SingleSend,
} from '@lp/contracts/email';
import type { AbVariant } from '@lp/contracts/ab-tests';
import { apiRequest } from '../../../lib/api-request';

export const CAMPAIGNS_KEY = '/api/marketing/campaigns';

/** Read again whenever the table is shown: sends change it from other screens. */
export function useCampaigns() {
  return useSWR<Campaign[]>(CAMPAIGNS_KEY, { revalidateOnMount: true });
}

/** Refreshed every 2 s while the campaign sends, or waits for the mail relay to resume by itself. */
export function useCampaign(id: string) {
  return useSWR<CampaignDetail>(`${CAMPAIGNS_KEY}/${id}`, {
    refreshInterval: (c) =>
      c && (c.status === 'active' || c.status === 'scheduled' || c.pausedReason !== null) ? 2000 : 0,
  });
}

/** Links, opens and clicks over time, and what came back; refreshed with the campaign while it sends. */
export function useCampaignReport(id: string, refresh: boolean) {
  return useSWR<CampaignReport>(`${CAMPAIGNS_KEY}/${id}/report`, { refreshInterval: refresh ? 5000 : 0 });
}

/** The recipients query string: the filter and search, and the page after `cursor`. */
export function campaignRecipientsQuery(filter: CampaignRecipientFilter, search: string, cursor?: number | null) {
  const params = new URLSearchParams();
  if (filter !== 'all') params.set('filter', filter);
  if (search.trim() !== '') params.set('search', search.trim());
  if (cursor) params.set('cursor', String(cursor));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** One page of a campaign's recipients, kept while the next loads. */
export function useCampaignRecipients(
  id: string,
  filter: CampaignRecipientFilter,
  search: string,
  cursor: number | null,
) {
  return useSWR<CampaignRecipientsPage>(
    `${CAMPAIGNS_KEY}/${id}/recipients${campaignRecipientsQuery(filter, search, cursor)}`,
    { keepPreviousData: true },
  );
}

/** The CSV of every recipient the filter and search keep (the browser downloads it as it streams). */
export const campaignRecipientsExportUrl = (id: number, filter: CampaignRecipientFilter, search: string) =>
  `${CAMPAIGNS_KEY}/${id}/recipients/export${campaignRecipientsQuery(filter, search)}`;

export const sendSingle = (s: SingleSend) => apiRequest<SendAccepted>('POST', '/api/marketing/single-send', s);
export const createDraftCampaign = (s: SingleSend) => apiRequest<SendAccepted>('POST', CAMPAIGNS_KEY, s);
export const sendTest = (s: Omit<SingleSend, 'listId' | 'recipients'> & { to: string }) =>
  apiRequest<{ delivered: boolean; detail: string }>('POST', '/api/marketing/test-send', s);
export const pauseCampaign = (id: number) => apiRequest<Campaign>('POST', `${CAMPAIGNS_KEY}/${id}/pause`);
export const resumeCampaign = (id: number) => apiRequest<Campaign>('POST', `${CAMPAIGNS_KEY}/${id}/resume`);
export const resendUnknown = (id: number) => apiRequest<Campaign>('POST', `${CAMPAIGNS_KEY}/${id}/resend-unknown`);
/** A follow-up of a completed campaign to those who did not open (or click) it: the new campaign. */
export const followUpCampaign = (id: number, form: CampaignFollowUpForm) =>
  apiRequest<SendAccepted>('POST', `${CAMPAIGNS_KEY}/${id}/follow-up`, form);
/** Picks an A/B test's winner by hand (409 once it is picked): the rest of the audience is sent it. */
export const pickAbWinner = (id: number, variant: AbVariant) =>
  apiRequest<Campaign>('POST', `${CAMPAIGNS_KEY}/${id}/ab-winner`, { variant });
export const scheduleCampaign = (id: number, scheduledFor: string | null) =>
  apiRequest<Campaign>('POST', `${CAMPAIGNS_KEY}/${id}/schedule`, { scheduledFor });

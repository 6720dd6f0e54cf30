/** Campaigns: the table, one campaign's progress, Pause / Resume / Schedule, and the single send. */
import useSWR from 'swr';
import type { Campaign, CampaignDetail, SendAccepted, SingleSend } from '@lp/contracts/email';
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

export const sendSingle = (s: SingleSend) => apiRequest<SendAccepted>('POST', '/api/marketing/single-send', s);
export const createDraftCampaign = (s: SingleSend) => apiRequest<SendAccepted>('POST', CAMPAIGNS_KEY, s);
export const sendTest = (s: Omit<SingleSend, 'listId' | 'recipients'> & { to: string }) =>
  apiRequest<{ delivered: boolean; detail: string }>('POST', '/api/marketing/test-send', s);
export const pauseCampaign = (id: number) => apiRequest<Campaign>('POST', `${CAMPAIGNS_KEY}/${id}/pause`);
export const resumeCampaign = (id: number) => apiRequest<Campaign>('POST', `${CAMPAIGNS_KEY}/${id}/resume`);
export const resendUnknown = (id: number) => apiRequest<Campaign>('POST', `${CAMPAIGNS_KEY}/${id}/resend-unknown`);
export const scheduleCampaign = (id: number, scheduledFor: string | null) =>
  apiRequest<Campaign>('POST', `${CAMPAIGNS_KEY}/${id}/schedule`, { scheduledFor });

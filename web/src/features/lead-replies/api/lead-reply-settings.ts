/**
 * What is sent on every new lead (`/api/marketing/lead-replies/settings`): the settings with the
 * accounts to choose alert recipients from, saving them (owners), and the templates a reply may use.
 */
import useSWR from 'swr';
import type { LeadReplySettings, LeadReplySettingsForm, LeadReplySettingsView, Template } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export const LEAD_REPLIES_KEY = '/api/marketing/lead-replies/settings';

export const useLeadReplySettings = () => useSWR<LeadReplySettingsView>(LEAD_REPLIES_KEY);

export const saveLeadReplySettings = (form: LeadReplySettingsForm) =>
  apiRequest<LeadReplySettings>('PUT', LEAD_REPLIES_KEY, form);

/** The templates to choose a reply from (read again each time the dialog opens). */
export const useReplyTemplates = () => useSWR<Template[]>('/api/marketing/templates', { revalidateOnMount: true });

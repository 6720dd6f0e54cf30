/**
 * GET /api/marketing/campaigns read for a picker outside the e-mail screens (a segment's
 * engagement condition, a journey started by a link click): each campaign's id and name.
 */
import useSWR from 'swr';

export const useCampaignNames = () => useSWR<{ id: number; name: string }[]>('/api/marketing/campaigns');

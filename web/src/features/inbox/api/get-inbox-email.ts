/** GET /api/marketing-dashboard/inbox/{id}: one email with its bodies (HTML sanitised) and attachments. */
import useSWR from 'swr';
import type { InboxEmail } from '@lp/contracts';

export const inboxEmailKey = (id: number) => `/api/marketing-dashboard/inbox/${id}`;
export const attachmentUrl = (id: number, attachmentId: number) =>
  `/api/marketing-dashboard/inbox/${id}/attachments/${attachmentId}`;

export function useInboxEmail(id: number | null) {
  return useSWR<InboxEmail>(id === null ? null : inboxEmailKey(id), { shouldRetryOnError: true, errorRetryCount: 3 });
}

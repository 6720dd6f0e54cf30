/** GET /api/marketing/audit: one page of the audit log, newest first (`cursor` = the last id of the page before). */
import useSWR from 'swr';
import type { AuditPage } from '@lp/contracts';
import { swrDefaults } from '../../../lib/swr-defaults';

export const AUDIT_PAGE_SIZE = 50;

export function useAuditPage(cursor: string | null) {
  const key = `/api/marketing/audit?limit=${AUDIT_PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ''}`;
  const { data, error, mutate } = useSWR<AuditPage | null>(key, swrDefaults);
  return { page: data ?? undefined, error: error as Error | undefined, reload: () => mutate() };
}

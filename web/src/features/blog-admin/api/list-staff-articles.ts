/** GET /api/marketing/blog/articles: every article, any status, for the staff list; read again whenever it is shown. */
import useSWR from 'swr';
import type { StaffBlogArticleSummary } from '@lp/contracts';
import { swrDefaults } from '../../../lib/swr-defaults';

export const STAFF_ARTICLES_KEY = '/api/marketing/blog/articles';

export function useStaffArticles() {
  const { data, error, isLoading, mutate } = useSWR<StaffBlogArticleSummary[] | null>(STAFF_ARTICLES_KEY, {
    ...swrDefaults,
    revalidateOnMount: true,
  });
  return { articles: data ?? undefined, error: error as Error | undefined, isLoading, reload: () => mutate() };
}

/** GET /api/marketing/blog/articles/{id}: one article with its Markdown, for the editor. */
import useSWR from 'swr';
import type { StaffBlogArticle } from '@lp/contracts';
import { swrDefaults } from '../../../lib/swr-defaults';

export const staffArticleKey = (id: number) => `/api/marketing/blog/articles/${id}`;

export function useStaffArticle(id: number | undefined) {
  const { data, error, isLoading } = useSWR<StaffBlogArticle | null>(id ? staffArticleKey(id) : null, swrDefaults);
  return { article: data ?? undefined, error: error as Error | undefined, isLoading };
}

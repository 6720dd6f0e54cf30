/**
 * GET /api/marketing/blog/articles/{id}: one article with its Markdown and version, for the
 * editor; read afresh each time the editor opens it (never an earlier copy from a cache).
 */
import type { StaffBlogArticle } from '@lp/contracts';
import { useStoredRecord } from '../../../lib/use-stored-record';

export const staffArticleKey = (id: number) => `/api/marketing/blog/articles/${id}`;

export function useStaffArticle(id: number | undefined) {
  return useStoredRecord<StaffBlogArticle>(id ? staffArticleKey(id) : null);
}

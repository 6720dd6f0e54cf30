/** PATCH /api/marketing/blog/articles/{id}: changes the given fields of the version `patch.version` (409 when written since). */
import type { BlogArticleUpdate, StaffBlogArticle } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export function updateArticle(id: number, patch: BlogArticleUpdate): Promise<StaffBlogArticle> {
  return apiRequest<StaffBlogArticle>('PATCH', `/api/marketing/blog/articles/${id}`, patch);
}

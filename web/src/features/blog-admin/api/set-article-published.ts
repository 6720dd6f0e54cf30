/** POST /api/marketing/blog/articles/{id}/publish | unpublish. */
import type { StaffBlogArticle } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export function setArticlePublished(id: number, published: boolean): Promise<StaffBlogArticle> {
  return apiRequest<StaffBlogArticle>(
    'POST',
    `/api/marketing/blog/articles/${id}/${published ? 'publish' : 'unpublish'}`,
  );
}

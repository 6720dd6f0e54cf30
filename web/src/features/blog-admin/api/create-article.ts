/** POST /api/marketing/blog/articles: a new draft; answers the stored article (with its slug). */
import type { BlogArticleCreate, StaffBlogArticle } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export function createArticle(input: BlogArticleCreate): Promise<StaffBlogArticle> {
  return apiRequest<StaffBlogArticle>('POST', '/api/marketing/blog/articles', input);
}

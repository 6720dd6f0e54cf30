/** DELETE /api/marketing/blog/articles/{id}: answers 204. */
import { apiRequest } from '../../../lib/api-request';

export async function deleteArticle(id: number): Promise<void> {
  await apiRequest<null>('DELETE', `/api/marketing/blog/articles/${id}`);
}

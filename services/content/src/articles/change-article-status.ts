/** Publish, unpublish and delete: each one write plus the blog revision, in one transaction. */
import type { StaffBlogArticle } from '@lp/contracts';
import { notFound, type Knex } from '@lp/runtime';
import { deleteArticle } from '../queries/delete-article.ts';
import { setArticlePublished } from '../queries/set-article-published.ts';
import { touchBlogRevision } from '../queries/touch-blog-revision.ts';
import { toStaffArticle } from './to-article.ts';

export async function changeArticleStatus(knex: Knex, id: number, published: boolean): Promise<StaffBlogArticle> {
  return knex.transaction(async (trx) => {
    const row = await setArticlePublished(trx, id, published);
    if (!row) throw notFound('Article not found');
    await touchBlogRevision(trx);
    return toStaffArticle(row);
  });
}

export async function removeArticle(knex: Knex, id: number): Promise<{ deleted: true }> {
  return knex.transaction(async (trx) => {
    if (!(await deleteArticle(trx, id))) throw notFound('Article not found');
    await touchBlogRevision(trx);
    return { deleted: true as const };
  });
}

/** What visitors may read, asked by the gateway: the published list and one published article. */
import { ArticleSlugInputSchema, queueGroupOf, RPC, type BlogArticle, type PublishedArticles } from '@lp/contracts';
import { notFound, serveRpc, type ServeHandle, type ServiceDeps } from '@lp/runtime';
import * as v from 'valibot';
import { toBlogArticle } from '../articles/to-article.ts';
import { findPublishedArticle } from '../queries/find-published-article.ts';
import { listPublishedArticles } from '../queries/list-published-articles.ts';
import { readBlogRevision } from '../queries/read-blog-revision.ts';

const queue = queueGroupOf('content');

export async function servePublicRequests({ bus, knex, log }: ServiceDeps): Promise<ServeHandle[]> {
  return Promise.all([
    serveRpc(bus, {
      subject: RPC.content.articlesList,
      queue,
      log,
      schema: v.nullish(v.object({})),
      handle: async (): Promise<PublishedArticles> => {
        const [rows, changed] = await Promise.all([listPublishedArticles(knex), readBlogRevision(knex)]);
        return { articles: rows.map(toBlogArticle), lastModified: changed.toISOString() };
      },
    }),
    serveRpc(bus, {
      subject: RPC.content.articleGet,
      queue,
      log,
      schema: ArticleSlugInputSchema,
      handle: async ({ slug }): Promise<BlogArticle> => {
        const row = await findPublishedArticle(knex, slug);
        if (!row) throw notFound('Article not found');
        return toBlogArticle(row);
      },
    }),
  ]);
}

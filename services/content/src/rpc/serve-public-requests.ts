/**
 * What visitors may read, asked by the gateway: the published list, a page at a time (each
 * reply within PUBLISHED_PAGE_MAX_BYTES, with or without the bodies), and one published article.
 */
import {
  ArticleSlugInputSchema,
  PublishedArticlesPageInputSchema,
  queueGroupOf,
  RPC,
  type BlogArticle,
  type BlogArticleCard,
  type PublishedArticlesPage,
} from '@lp/contracts';
import { notFound, serveRpc, type ServeHandle, type ServiceDeps } from '@lp/runtime';
import { pagePublishedArticles } from '../articles/page-published-articles.ts';
import { toBlogArticle } from '../articles/to-article.ts';
import { findPublishedArticle } from '../queries/find-published-article.ts';

const queue = queueGroupOf('content');

export async function servePublicRequests({ bus, knex, log }: ServiceDeps): Promise<ServeHandle[]> {
  return Promise.all([
    serveRpc(bus, {
      subject: RPC.content.articlesList,
      queue,
      log,
      schema: PublishedArticlesPageInputSchema,
      handle: (input): Promise<PublishedArticlesPage<BlogArticle | BlogArticleCard>> =>
        pagePublishedArticles(knex, { cursor: input?.cursor, withContent: input?.withContent ?? true }),
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

/**
 * What visitors may read, asked by the gateway: the published list, a page at a time (each
 * reply within PUBLISHED_PAGE_MAX_BYTES), with the bodies or as cards without them, and one
 * published article.
 */
import { RPC } from '@lp/contracts';
import { answerRpc, notFound } from '@lp/runtime';
import { pagePublishedArticles } from '../articles/page-published-articles.ts';
import { toBlogArticle } from '../articles/to-article.ts';
import { findPublishedArticle } from '../queries/find-published-article.ts';

export const servePublicRequests = [
  answerRpc(RPC.content.articlesList, (input, { knex }) =>
    pagePublishedArticles(knex, { cursor: input?.cursor, withContent: true }),
  ),
  answerRpc(RPC.content.articleCardsList, (input, { knex }) =>
    pagePublishedArticles(knex, { cursor: input?.cursor, withContent: false }),
  ),
  answerRpc(RPC.content.articleGet, async ({ slug }, { knex }) => {
    const row = await findPublishedArticle(knex, slug);
    if (!row) throw notFound('Article not found');
    return toBlogArticle(row);
  }),
];

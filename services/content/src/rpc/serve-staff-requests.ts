/** The staff editor's reads and commands on articles (the gateway checks the session first). */
import { RPC } from '@lp/contracts';
import { answerRpc, notFound } from '@lp/runtime';
import { changeArticleStatus, removeArticle } from '../articles/change-article-status.ts';
import { createArticle } from '../articles/create-article.ts';
import { editArticle } from '../articles/edit-article.ts';
import { toStaffArticle, toStaffSummary } from '../articles/to-article.ts';
import { findArticle } from '../queries/find-article.ts';
import { listStaffArticles } from '../queries/list-staff-articles.ts';

export const serveStaffRequests = [
  answerRpc(RPC.content.staffArticlesList, async (_input, { knex }) =>
    (await listStaffArticles(knex)).map(toStaffSummary),
  ),
  answerRpc(RPC.content.staffArticleGet, async ({ id }, { knex }) => {
    const row = await findArticle(knex, id);
    if (!row) throw notFound('Article not found');
    return toStaffArticle(row);
  }),
  answerRpc(RPC.content.articleCreate, (input, { knex }) => createArticle(knex, input)),
  answerRpc(RPC.content.articleUpdate, ({ id, patch }, { knex }) => editArticle(knex, id, patch)),
  answerRpc(RPC.content.articlePublish, ({ id }, { knex }) => changeArticleStatus(knex, id, true)),
  answerRpc(RPC.content.articleUnpublish, ({ id }, { knex }) => changeArticleStatus(knex, id, false)),
  answerRpc(RPC.content.articleDelete, ({ id }, { knex }) => removeArticle(knex, id)),
];

/** The staff editor's reads and commands on articles (the gateway checks the session first). */
import * as v from 'valibot';
import {
  ArticleIdInputSchema,
  ArticleUpdateInputSchema,
  BlogArticleCreateSchema,
  queueGroupOf,
  RPC,
  type StaffBlogArticle,
} from '@lp/contracts';
import { notFound, serveRpc, type ServeHandle, type ServiceDeps } from '@lp/runtime';
import { changeArticleStatus, removeArticle } from '../articles/change-article-status.ts';
import { createArticle } from '../articles/create-article.ts';
import { editArticle } from '../articles/edit-article.ts';
import { toStaffArticle, toStaffSummary } from '../articles/to-article.ts';
import { findArticle } from '../queries/find-article.ts';
import { listStaffArticles } from '../queries/list-staff-articles.ts';

const queue = queueGroupOf('content');

export async function serveStaffRequests({ bus, knex, log }: ServiceDeps): Promise<ServeHandle[]> {
  const serve = <S extends v.GenericSchema, T>(
    subject: string,
    schema: S,
    handle: (input: v.InferOutput<S>) => Promise<T>,
  ) => serveRpc(bus, { subject, queue, log, schema, handle });
  return Promise.all([
    serve(RPC.content.staffArticlesList, v.nullish(v.object({})), async () =>
      (await listStaffArticles(knex)).map(toStaffSummary),
    ),
    serve(RPC.content.staffArticleGet, ArticleIdInputSchema, async ({ id }): Promise<StaffBlogArticle> => {
      const row = await findArticle(knex, id);
      if (!row) throw notFound('Article not found');
      return toStaffArticle(row);
    }),
    serve(RPC.content.articleCreate, BlogArticleCreateSchema, (input) => createArticle(knex, input)),
    serve(RPC.content.articleUpdate, ArticleUpdateInputSchema, ({ id, patch }) => editArticle(knex, id, patch)),
    serve(RPC.content.articlePublish, ArticleIdInputSchema, ({ id }) => changeArticleStatus(knex, id, true)),
    serve(RPC.content.articleUnpublish, ArticleIdInputSchema, ({ id }) => changeArticleStatus(knex, id, false)),
    serve(RPC.content.articleDelete, ArticleIdInputSchema, ({ id }) => removeArticle(knex, id)),
  ]);
}

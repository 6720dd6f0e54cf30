/**
 * The staff blog editor's API under `/api/marketing/blog` (a session is required by the
 * sessions middleware): list, get, create, update, publish, unpublish, delete, and the cover
 * image upload (creating, updating, publishing, unpublishing and deleting are audited). An
 * update names the version it was based on (400 without one; 409 when the article was written
 * since). Bodies are validated with the contracts' schemas; the content service owns
 * the data and checks again.
 */
import { BlogArticleCreateSchema, BlogArticleUpdateSchema, RPC } from '@lp/contracts';
import { notFound } from '@lp/runtime';
import { validate } from '../middleware/validate.ts';
import { audited } from '../audit/record-audit.ts';
import { uploadBlogImage } from './blog-images.ts';
import { type GatewayDeps, askFor, createRouter, numericParam, pathNumber } from '../routes/context.ts';

export function blogAdminRoutes(deps: GatewayDeps) {
  const { bus, knex } = deps;
  const router = createRouter({ prefix: '/api/marketing/blog' });
  router.param(
    'id',
    numericParam(() => notFound('Article not found')),
  );
  const ask = askFor(bus);

  router.get('/articles', async (ctx) => {
    ctx.body = await ask(ctx, RPC.content.staffArticlesList, {});
  });

  router.get('/articles/:id', async (ctx) => {
    ctx.body = await ask(ctx, RPC.content.staffArticleGet, { id: pathNumber(ctx) });
  });

  router.post('/articles', async (ctx) => {
    const input = validate(BlogArticleCreateSchema, ctx.request.body);
    const article = await audited(
      knex,
      ctx.state,
      { action: 'blog.create', details: { title: input.title } },
      () => ask(ctx, RPC.content.articleCreate, input),
      (a) => ({ target: `article ${a.id}` }),
    );
    ctx.status = 201;
    ctx.set('Location', `/api/marketing/blog/articles/${article.id}`);
    ctx.body = article;
  });

  router.patch('/articles/:id', async (ctx) => {
    const id = pathNumber(ctx);
    const patch = validate(BlogArticleUpdateSchema, ctx.request.body);
    ctx.body = await audited(
      knex,
      ctx.state,
      {
        action: 'blog.update',
        target: `article ${id}`,
        details: { changed: Object.keys(patch).filter((k) => k !== 'version') },
      },
      () => ask(ctx, RPC.content.articleUpdate, { id, patch }),
      (a) => ({ details: { title: a.title } }),
    );
  });

  router.post('/articles/:id/publish', async (ctx) => {
    const id = pathNumber(ctx);
    ctx.body = await audited(
      knex,
      ctx.state,
      { action: 'blog.publish', target: `article ${id}` },
      () => ask(ctx, RPC.content.articlePublish, { id }),
      (a) => ({ details: { title: a.title } }),
    );
  });

  router.post('/articles/:id/unpublish', async (ctx) => {
    const id = pathNumber(ctx);
    ctx.body = await audited(
      knex,
      ctx.state,
      { action: 'blog.unpublish', target: `article ${id}` },
      () => ask(ctx, RPC.content.articleUnpublish, { id }),
      (a) => ({ details: { title: a.title } }),
    );
  });

  router.delete('/articles/:id', async (ctx) => {
    const id = pathNumber(ctx);
    await audited(knex, ctx.state, { action: 'blog.delete', target: `article ${id}` }, () =>
      ask(ctx, RPC.content.articleDelete, { id }),
    );
    ctx.status = 204;
  });

  router.post('/images', uploadBlogImage(deps));

  return router;
}

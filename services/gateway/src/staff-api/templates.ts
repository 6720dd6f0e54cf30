/**
 * E-mail templates under `/api/marketing/templates` (staff dashboard §7): list, get, create,
 * update, duplicate, delete. Validated with the contracts' schemas (an unknown merge tag is
 * refused); the mailer owns the data, sanitises the HTML and checks again. An update names the
 * version it was based on (400 without one) and is refused with a 409 when the template was
 * saved since. `POST /preview` renders a block template's blocks as a save would store them
 * (the block editor's preview; nothing is stored).
 */
import {
  INVALID_TEMPLATE_ID,
  RPC,
  RenderBlocksInputSchema,
  TemplateCreateSchema,
  TemplateUpdateSchema,
} from '@lp/contracts';
import { badRequest } from '@lp/runtime';
import { audited } from '../audit/record-audit.ts';
import { changedFields } from '../audit/changed-fields.ts';
import { validate } from '../middleware/validate.ts';
import { type GatewayDeps, askFor, createRouter, numericParam, pathNumber } from '../routes/context.ts';

export function templateRoutes({ bus, knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing/templates' });
  // A template id that is no id at all gets the spec's message (§5), not a 404.
  router.param(
    'id',
    numericParam(() => badRequest(INVALID_TEMPLATE_ID)),
  );
  const ask = askFor(bus);

  router.get('/', async (ctx) => {
    ctx.body = await ask(ctx, RPC.mailer.templatesList, {});
  });

  router.post('/', async (ctx) => {
    const input = validate(TemplateCreateSchema, ctx.request.body);
    const template = await audited(
      knex,
      ctx.state,
      { action: 'template.create', details: { name: input.name } },
      () => ask(ctx, RPC.mailer.templateCreate, input),
      (t) => ({ target: `template ${t.id}` }),
    );
    ctx.status = 201;
    ctx.set('Location', `/api/marketing/templates/${template.id}`);
    ctx.body = template;
  });

  router.post('/preview', async (ctx) => {
    const input = validate(RenderBlocksInputSchema, ctx.request.body);
    ctx.body = await ask(ctx, RPC.mailer.templateRenderBlocks, input);
  });

  router.get('/:id', async (ctx) => {
    ctx.body = await ask(ctx, RPC.mailer.templateGet, { id: pathNumber(ctx) });
  });

  router.put('/:id', async (ctx) => {
    const id = pathNumber(ctx);
    const { version, ...template } = validate(TemplateUpdateSchema, ctx.request.body);
    const before = await ask(ctx, RPC.mailer.templateGet, { id });
    const changed = changedFields(before, template);
    ctx.body = await audited(
      knex,
      ctx.state,
      { action: 'template.update', target: `template ${id}`, details: { name: template.name, changed } },
      () => ask(ctx, RPC.mailer.templateUpdate, { id, version, template }),
    );
  });

  router.post('/:id/duplicate', async (ctx) => {
    const id = pathNumber(ctx);
    const copy = await audited(
      knex,
      ctx.state,
      { action: 'template.duplicate', target: `template ${id}` },
      () => ask(ctx, RPC.mailer.templateDuplicate, { id }),
      (t) => ({ details: { copy: `template ${t.id}`, name: t.name } }),
    );
    ctx.status = 201;
    ctx.body = copy;
  });

  router.delete('/:id', async (ctx) => {
    const id = pathNumber(ctx);
    const { name } = await ask(ctx, RPC.mailer.templateGet, { id });
    await audited(knex, ctx.state, { action: 'template.delete', target: `template ${id}`, details: { name } }, () =>
      ask(ctx, RPC.mailer.templateDelete, { id }),
    );
    ctx.status = 204;
  });

  return router;
}

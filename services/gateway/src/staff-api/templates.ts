/**
 * E-mail templates under `/api/marketing/templates` (staff dashboard §7): list, get, create,
 * update, duplicate, delete. Validated with the contracts' schemas (an unknown merge tag is
 * refused); the mailer owns the data, sanitises the HTML and checks again. An update names the
 * version it was based on (400 without one) and is refused with a 409 when the template was
 * saved since.
 */
import type { ParameterizedContext } from 'koa';
import {
  INVALID_TEMPLATE_ID,
  RPC,
  TemplateCreateSchema,
  TemplateUpdateSchema,
  type RpcInput,
  type RpcSpec,
} from '@lp/contracts';
import { badRequest, callRpc } from '@lp/runtime';
import type { GatewayState } from '../middleware/request-context.ts';
import { audited } from '../audit/record-audit.ts';
import { changedFields } from '../audit/changed-fields.ts';
import { validate } from '../middleware/validate.ts';
import { type GatewayDeps, askedBy, createRouter } from '../routes/context.ts';

type Ctx = ParameterizedContext<GatewayState> & { params: Record<string, string | undefined> };

/** A template id is 1..2147483647; anything else is the spec's message (§5). */
function templateIdOf(ctx: Ctx): number {
  const raw = ctx.params.id ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw badRequest(INVALID_TEMPLATE_ID);
  return id;
}

export function templateRoutes({ bus, knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing/templates' });
  const ask = <R extends RpcSpec>(ctx: Ctx, rpc: R, input: RpcInput<R>) => {
    ctx.set('Cache-Control', 'no-store');
    return callRpc(bus, rpc, input, askedBy(ctx));
  };

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

  router.get('/:id', async (ctx) => {
    ctx.body = await ask(ctx, RPC.mailer.templateGet, { id: templateIdOf(ctx) });
  });

  router.put('/:id', async (ctx) => {
    const id = templateIdOf(ctx);
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
    const id = templateIdOf(ctx);
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
    const id = templateIdOf(ctx);
    const { name } = await ask(ctx, RPC.mailer.templateGet, { id });
    await audited(knex, ctx.state, { action: 'template.delete', target: `template ${id}`, details: { name } }, () =>
      ask(ctx, RPC.mailer.templateDelete, { id }),
    );
    ctx.status = 204;
  });

  return router;
}

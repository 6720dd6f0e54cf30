/**
 * Custom fields of contacts for staff (session required; any staff account, as lists and goals),
 * asked of crm, which owns them:
 * - `GET /api/marketing/custom-fields`: every field, in the order they were made;
 * - `POST /api/marketing/custom-fields` `{ name, key?, type }`: defines one (201; a taken name or
 *   key is a 409 on its field; audited);
 * - `PUT /api/marketing/custom-fields/{id}` `{ name, version }`: renames one, its values kept
 *   (409 when it changed since the version opened; audited);
 * - `DELETE /api/marketing/custom-fields/{id}`: removes it and every contact's value of it (204;
 *   404 when there is none; audited).
 */
import { CustomFieldFormSchema, CustomFieldUpdateSchema, RPC } from '@lp/contracts';
import { notFound } from '@lp/runtime';
import { audited } from '../audit/record-audit.ts';
import { validate } from '../middleware/validate.ts';
import { type GatewayDeps, askFor, createRouter, numericParam, pathNumber } from '../routes/context.ts';

export function customFieldRoutes({ bus, knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing' });
  router.param(
    'id',
    numericParam(() => notFound('Custom field not found')),
  );
  const ask = askFor(bus);

  router.get('/custom-fields', async (ctx) => {
    ctx.body = await ask(ctx, RPC.crm.customFieldsList, {});
  });

  router.post('/custom-fields', async (ctx) => {
    const form = validate(CustomFieldFormSchema, ctx.request.body);
    const field = await audited(
      knex,
      ctx.state,
      { action: 'custom_field.create', details: { name: form.name, key: form.key, type: form.type } },
      () => ask(ctx, RPC.crm.customFieldCreate, form),
      (f) => ({ target: `custom field ${f.id}` }),
    );
    ctx.status = 201;
    ctx.body = field;
  });

  router.put('/custom-fields/:id', async (ctx) => {
    const id = pathNumber(ctx);
    const field = validate(CustomFieldUpdateSchema, ctx.request.body);
    ctx.body = await audited(
      knex,
      ctx.state,
      { action: 'custom_field.update', target: `custom field ${id}`, details: { name: field.name } },
      () => ask(ctx, RPC.crm.customFieldUpdate, { id, field }),
    );
  });

  router.delete('/custom-fields/:id', async (ctx) => {
    const id = pathNumber(ctx);
    // Named in the audit log by its key and name, which are gone once it is.
    const known = (await ask(ctx, RPC.crm.customFieldsList, {})).find((f) => f.id === id);
    if (!known) throw notFound('Custom field not found');
    await audited(
      knex,
      ctx.state,
      { action: 'custom_field.delete', target: `custom field ${id}`, details: { key: known.key, name: known.name } },
      async () => {
        const { deleted } = await ask(ctx, RPC.crm.customFieldDelete, { id });
        if (!deleted) throw notFound('Custom field not found');
      },
    );
    ctx.status = 204;
  });

  return router;
}

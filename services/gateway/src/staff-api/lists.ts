/**
 * Staff contact lists under `/api/marketing/lists` (session required): list, read one, create,
 * update (only the version the edit opened: 409 otherwise), delete, duplicate (the dashboard
 * proposes the first free ' (Copy)' name; contacts copied when asked) and removing one contact
 * from a list. Names are unique in any letter case (409). crm owns the data.
 */
import { ListDuplicateSchema, ListFormSchema, ListUpdateSchema, RPC } from '@lp/contracts';
import { notFound } from '@lp/runtime';
import { audited } from '../audit/record-audit.ts';
import { changedFields } from '../audit/changed-fields.ts';
import { serverPaced } from '../middleware/server-paced.ts';
import { validate } from '../middleware/validate.ts';
import { type GatewayDeps, askFor, createRouter, numericParam, pathNumber } from '../routes/context.ts';

export function listRoutes({ bus, knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing/lists' });
  router.param(
    'id',
    numericParam(() => notFound('List not found')),
  );
  router.param(
    'contactId',
    numericParam(() => notFound('Contact not found')),
  );
  const ask = askFor(bus);

  router.get('/', async (ctx) => {
    ctx.body = await ask(ctx, RPC.crm.listsList, {});
  });

  router.post('/', async (ctx) => {
    const input = validate(ListFormSchema, ctx.request.body);
    const list = await audited(
      knex,
      ctx.state,
      { action: 'list.create', details: { name: input.name } },
      () => ask(ctx, RPC.crm.listCreate, input),
      (l) => ({ target: `list ${l.id}` }),
    );
    ctx.status = 201;
    ctx.body = list;
  });

  router.get('/:id', async (ctx) => {
    ctx.body = await ask(ctx, RPC.crm.listGet, { id: pathNumber(ctx) });
  });

  router.put('/:id', async (ctx) => {
    const id = pathNumber(ctx);
    const list = validate(ListUpdateSchema, ctx.request.body);
    const before = await ask(ctx, RPC.crm.listGet, { id });
    const { version: _version, ...fields } = list;
    const details = {
      name: list.name,
      changed: changedFields(before, fields),
      ...(before.name !== list.name ? { renamedFrom: before.name } : {}),
    };
    ctx.body = await audited(knex, ctx.state, { action: 'list.update', target: `list ${id}`, details }, () =>
      ask(ctx, RPC.crm.listUpdate, { id, list }),
    );
  });

  router.delete('/:id', async (ctx) => {
    const id = pathNumber(ctx);
    await audited(knex, ctx.state, { action: 'list.delete', target: `list ${id}` }, () =>
      ask(ctx, RPC.crm.listDelete, { id }),
    );
    ctx.status = 204;
  });

  // Copying a big list's contacts is one statement that takes seconds (1,000,000 members: about
  // 7 s here): crm gets up to two minutes, and the socket waits with it (server-paced). Given
  // up on sooner, staff would see a failure, then the copy appear, and a retry would copy twice.
  router.post('/:id/duplicate', serverPaced, async (ctx) => {
    const id = pathNumber(ctx);
    const copy = validate(ListDuplicateSchema, ctx.request.body);
    const list = await audited(
      knex,
      ctx.state,
      { action: 'list.duplicate', target: `list ${id}`, details: { name: copy.name, copyContacts: copy.copyContacts } },
      () => ask(ctx, RPC.crm.listDuplicate, { id, copy }, 120_000),
      (l) => ({ details: { copy: `list ${l.id}` } }),
    );
    ctx.status = 201;
    ctx.body = list;
  });

  router.delete('/:id/contacts/:contactId', async (ctx) => {
    const listId = pathNumber(ctx);
    const contactId = pathNumber(ctx, 'contactId');
    await audited(
      knex,
      ctx.state,
      { action: 'list.remove_contact', target: `list ${listId}`, details: { contact: `contact ${contactId}` } },
      () => ask(ctx, RPC.crm.listMemberRemove, { listId, contactId }),
    );
    ctx.status = 204;
  });

  return router;
}

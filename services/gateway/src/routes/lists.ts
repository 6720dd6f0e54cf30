/**
 * Staff contact lists under `/api/marketing/lists` (session required): list, create, update,
 * delete, duplicate (' (Copy)' is the dashboard's default name; contacts copied when asked) and
 * removing one contact from a list. crm owns the data.
 */
import type { ParameterizedContext } from 'koa';
import { ListDuplicateSchema, ListFormSchema, RPC, type RpcInput, type RpcSpec } from '@lp/contracts';
import { callRpc } from '@lp/runtime';
import type { GatewayState } from '../middleware/request-context.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { serverPaced } from '../middleware/server-paced.ts';
import { validate } from '../middleware/validate.ts';
import { pathId } from './contacts.ts';
import { type GatewayDeps, askedBy, createRouter } from './context.ts';

type Ctx = ParameterizedContext<GatewayState>;

export function listRoutes({ bus, knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing/lists' });
  const ask = <R extends RpcSpec>(ctx: Ctx, rpc: R, input: RpcInput<R>, timeoutMs?: number) => {
    ctx.set('Cache-Control', 'no-store');
    return callRpc(bus, rpc, input, { ...askedBy(ctx), timeoutMs });
  };

  router.get('/', async (ctx) => {
    ctx.body = await ask(ctx, RPC.crm.listsList, {});
  });

  router.post('/', async (ctx) => {
    const list = await ask(ctx, RPC.crm.listCreate, validate(ListFormSchema, ctx.request.body));
    ctx.status = 201;
    ctx.body = list;
  });

  router.put('/:id', async (ctx) => {
    const id = pathId(ctx.params.id, 'List');
    ctx.body = await ask(ctx, RPC.crm.listUpdate, { id, list: validate(ListFormSchema, ctx.request.body) });
  });

  router.delete('/:id', async (ctx) => {
    const id = pathId(ctx.params.id, 'List');
    await ask(ctx, RPC.crm.listDelete, { id });
    await recordAudit(knex, ctx.state, 'list.delete', `list ${id}`);
    ctx.status = 204;
  });

  // Copying a big list's contacts is one statement that takes seconds (1,000,000 members: about
  // 7 s here): crm gets up to two minutes, and the socket waits with it (server-paced). Given
  // up on sooner, staff would see a failure, then the copy appear, and a retry would copy twice.
  router.post('/:id/duplicate', serverPaced, async (ctx) => {
    const id = pathId(ctx.params.id, 'List');
    const copy = validate(ListDuplicateSchema, ctx.request.body);
    const list = await ask(ctx, RPC.crm.listDuplicate, { id, copy }, 120_000);
    ctx.status = 201;
    ctx.body = list;
  });

  router.delete('/:id/contacts/:contactId', async (ctx) => {
    const listId = pathId(ctx.params.id, 'List');
    await ask(ctx, RPC.crm.listMemberRemove, { listId, contactId: pathId(ctx.params.contactId, 'Contact') });
    ctx.status = 204;
  });

  return router;
}

/**
 * Segments (saved filters over contacts) for staff (session required; any staff account, as
 * lists), asked of crm, which owns them and checks each filter against its custom fields and lists:
 * - `GET /api/marketing/segments`: every segment, by name;
 * - `POST /api/marketing/segments` `{ name, filter }`: saves one (201; a condition naming an
 *   unknown custom field or list is a 400 naming it; a taken name a 409; audited);
 * - `POST /api/marketing/segments/count` `{ filter }` → `{ count }`: the live count of a filter
 *   being edited;
 * - `GET`, `PUT` (`{ name, filter, version }`: 409 when it changed since), `DELETE` (204; audited)
 *   `/api/marketing/segments/{id}`, and `GET …/{id}/count` → `{ count }`;
 * - `GET …/{id}/contacts?limit=&cursor=`: a page of its contacts, newest first, as the contacts
 *   list (`X-Total-Count`, `Link: <…>; rel="next"`); `GET …/{id}/contacts/export`: all of them as
 *   CSV, as the contacts export writes it.
 */
import {
  RPC,
  SegmentContactsQuerySchema,
  SegmentCountQuerySchema,
  SegmentFormSchema,
  SegmentUpdateSchema,
} from '@lp/contracts';
import { callRpc, notFound } from '@lp/runtime';
import { audited } from '../audit/record-audit.ts';
import { validate } from '../middleware/validate.ts';
import {
  type GatewayDeps,
  askedBy,
  askFor,
  createRouter,
  numericParam,
  pathNumber,
  queryOf,
} from '../routes/context.ts';
import { streamContactsCsv } from './contacts/stream-contacts-csv.ts';

export function segmentRoutes({ bus, knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing' });
  router.param(
    'id',
    numericParam(() => notFound('Segment not found')),
  );
  const ask = askFor(bus);

  router.get('/segments', async (ctx) => {
    ctx.body = await ask(ctx, RPC.crm.segmentsList, {});
  });

  router.post('/segments', async (ctx) => {
    const form = validate(SegmentFormSchema, ctx.request.body);
    const segment = await audited(
      knex,
      ctx.state,
      { action: 'segment.create', details: { name: form.name, filter: form.filter } },
      () => ask(ctx, RPC.crm.segmentCreate, form),
      (s) => ({ target: `segment ${s.id}` }),
    );
    ctx.status = 201;
    ctx.set('Location', `/api/marketing/segments/${segment.id}`);
    ctx.body = segment;
  });

  router.post('/segments/count', async (ctx) => {
    const { filter } = validate(SegmentCountQuerySchema, ctx.request.body);
    ctx.body = await ask(ctx, RPC.crm.segmentCount, { filter });
  });

  router.get('/segments/:id', async (ctx) => {
    ctx.body = await ask(ctx, RPC.crm.segmentGet, { id: pathNumber(ctx) });
  });

  router.get('/segments/:id/count', async (ctx) => {
    ctx.body = await ask(ctx, RPC.crm.segmentCount, { id: pathNumber(ctx) });
  });

  router.put('/segments/:id', async (ctx) => {
    const id = pathNumber(ctx);
    const segment = validate(SegmentUpdateSchema, ctx.request.body);
    ctx.body = await audited(
      knex,
      ctx.state,
      { action: 'segment.update', target: `segment ${id}`, details: { name: segment.name, filter: segment.filter } },
      () => ask(ctx, RPC.crm.segmentUpdate, { id, segment }),
    );
  });

  router.delete('/segments/:id', async (ctx) => {
    const id = pathNumber(ctx);
    // Named in the audit log by its name, which is gone once it is.
    const known = await ask(ctx, RPC.crm.segmentGet, { id });
    await audited(
      knex,
      ctx.state,
      { action: 'segment.delete', target: `segment ${id}`, details: { name: known.name } },
      async () => {
        const { deleted } = await ask(ctx, RPC.crm.segmentDelete, { id });
        if (!deleted) throw notFound('Segment not found');
      },
    );
    ctx.status = 204;
  });

  router.get('/segments/:id/contacts', async (ctx) => {
    const id = pathNumber(ctx);
    const query = validate(SegmentContactsQuerySchema, queryOf(ctx));
    const page = await ask(ctx, RPC.crm.segmentContacts, { id, limit: query.limit, cursor: query.cursor });
    ctx.set('X-Total-Count', String(page.total ?? 0));
    if (page.nextCursor !== null)
      ctx.set(
        'Link',
        `</api/marketing/segments/${id}/contacts?${new URLSearchParams({ limit: String(query.limit), cursor: String(page.nextCursor) })}>; rel="next"`,
      );
    ctx.body = page.contacts;
  });

  // As the contacts export: the same columns, tags and a column per custom field.
  router.get('/segments/:id/contacts/export', async (ctx) => {
    const id = pathNumber(ctx);
    const asked = askedBy(ctx);
    await streamContactsCsv(ctx, bus, {
      name: `segment-${id}`,
      page: (cursor) => callRpc(bus, RPC.crm.segmentContacts, { id, limit: 2000, cursor, withTotal: false }, asked),
    });
  });

  return router;
}

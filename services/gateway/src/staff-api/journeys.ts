/**
 * Journeys under `/api/marketing/journeys` (session required; the mailer owns and runs them):
 * list and read with per-step figures (waiting, passed, left), create, edit (`PUT` names the
 * `version` it opened: 409 when stale; contacts at a removed step move to the next one), pause or
 * resume (`PUT …/{id}/status`), delete, and let a list's contacts enter (`POST …/{id}/entries`
 * `{listId}`: 202, the mailer lets them in a page at a time). Writes are audited. A staff alert
 * step may name only enabled staff accounts (as the lead alert's settings), checked here where
 * the accounts live; the lists and the segment a journey names must exist in crm (asked here),
 * a link-click trigger's campaign in the mailer (checked there).
 */
import {
  type JourneyForm,
  JourneyEnterFormSchema,
  JourneyFormSchema,
  JourneyStatusFormSchema,
  JourneyVersionSchema,
  RPC,
} from '@lp/contracts';
import { AppError, badRequest, notFound, type Knex } from '@lp/runtime';
import { audited } from '../audit/record-audit.ts';
import { validate } from '../middleware/validate.ts';
import { listStaffAccounts } from '../queries/list-staff-accounts.ts';
import { type GatewayDeps, askFor, createRouter, numericParam, pathNumber } from '../routes/context.ts';

type Ask = ReturnType<typeof askFor>;
type Asked = Parameters<Ask>[0];

/** Whether crm has this list or segment (a 404 from crm: no). */
async function exists(ask: () => Promise<unknown>): Promise<boolean> {
  try {
    await ask();
    return true;
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return false;
    throw err;
  }
}

/**
 * 400 naming each field of the journey that points at something gone: an alert recipient whose
 * staff account is unknown or disabled (the accounts live here), a list (trigger or step) or a
 * segment crm no longer has (deleted since the builder listed it). A journey left pointing at
 * them would never start, or would fail at the step, with nobody told.
 */
async function checkJourneyReferences(knex: Knex, ask: Ask, ctx: Asked, journey: JourneyForm): Promise<void> {
  const fields: Record<string, string[]> = {};
  const chosen = journey.steps.flatMap((s, i) =>
    s.kind === 'alert_staff' ? s.recipients.map((r, j) => ({ i, j, staffId: r.staffId })) : [],
  );
  if (chosen.some((c) => c.staffId !== null)) {
    const enabled = new Set((await listStaffAccounts(knex)).filter((a) => !a.disabled).map((a) => a.id));
    for (const c of chosen)
      if (c.staffId !== null && !enabled.has(c.staffId))
        fields[`steps.${c.i}.recipients.${c.j}.staffId`] = ['Choose an enabled staff account'];
  }
  const lists = [
    ...(journey.trigger.kind === 'list_joined' ? [{ field: 'trigger.listId', id: journey.trigger.listId }] : []),
    ...journey.steps.flatMap((s, i) =>
      s.kind === 'add_to_list' || s.kind === 'remove_from_list' ? [{ field: `steps.${i}.listId`, id: s.listId }] : [],
    ),
  ];
  const listKnown = new Map<number, boolean>();
  for (const { field, id } of lists) {
    if (!listKnown.has(id)) listKnown.set(id, await exists(() => ask(ctx, RPC.crm.listGet, { id })));
    if (!listKnown.get(id)) fields[field] = ['Choose an existing list'];
  }
  const { trigger } = journey;
  if (
    trigger.kind === 'segment_joined' &&
    !(await exists(() => ask(ctx, RPC.crm.segmentGet, { id: trigger.segmentId })))
  )
    fields['trigger.segmentId'] = ['Choose an existing segment'];
  if (Object.keys(fields).length) throw badRequest('Some fields need attention', { fields });
}

export function journeyRoutes({ bus, knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing/journeys' });
  router.param(
    'id',
    numericParam(() => notFound('Journey not found')),
  );
  const ask = askFor(bus);
  const savedBy = (ctx: { state: { session?: { username: string } | null } }) =>
    ctx.state.session?.username ?? 'unknown';

  router.get('/', async (ctx) => {
    ctx.body = await ask(ctx, RPC.mailer.journeysList, {});
  });

  router.post('/', async (ctx) => {
    const journey = validate(JourneyFormSchema, ctx.request.body);
    await checkJourneyReferences(knex, ask, ctx, journey);
    ctx.body = await audited(
      knex,
      ctx.state,
      { action: 'journey.create', details: { name: journey.name, steps: journey.steps.length } },
      () => ask(ctx, RPC.mailer.journeyCreate, { journey, savedBy: savedBy(ctx) }),
      (j) => ({ target: `journey ${j.id}` }),
    );
    ctx.status = 201;
  });

  router.get('/:id', async (ctx) => {
    ctx.body = await ask(ctx, RPC.mailer.journeyGet, { id: pathNumber(ctx) });
  });

  router.put('/:id', async (ctx) => {
    const id = pathNumber(ctx);
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const { version } = validate(JourneyVersionSchema, body);
    const { version: _v, ...form } = body;
    const journey = validate(JourneyFormSchema, form);
    await checkJourneyReferences(knex, ask, ctx, journey);
    ctx.body = await audited(
      knex,
      ctx.state,
      {
        action: 'journey.update',
        target: `journey ${id}`,
        details: { name: journey.name, steps: journey.steps.map((s) => s.id) },
      },
      () => ask(ctx, RPC.mailer.journeyUpdate, { id, version, journey, savedBy: savedBy(ctx) }),
    );
  });

  router.put('/:id/status', async (ctx) => {
    const id = pathNumber(ctx);
    const { status } = validate(JourneyStatusFormSchema, ctx.request.body);
    ctx.body = await audited(
      knex,
      ctx.state,
      { action: status === 'paused' ? 'journey.pause' : 'journey.resume', target: `journey ${id}` },
      () => ask(ctx, RPC.mailer.journeySetStatus, { id, status }),
    );
  });

  router.delete('/:id', async (ctx) => {
    const id = pathNumber(ctx);
    const { deleted } = await audited(knex, ctx.state, { action: 'journey.delete', target: `journey ${id}` }, () =>
      ask(ctx, RPC.mailer.journeyDelete, { id }),
    );
    if (!deleted) throw notFound('Journey not found');
    ctx.status = 204;
  });

  router.post('/:id/entries', async (ctx) => {
    const id = pathNumber(ctx);
    const { listId } = validate(JourneyEnterFormSchema, ctx.request.body);
    ctx.body = await audited(
      knex,
      ctx.state,
      { action: 'journey.enter', target: `journey ${id}`, details: { listId } },
      () => ask(ctx, RPC.mailer.journeyEnter, { id, listId, requestId: crypto.randomUUID() }),
    );
    ctx.status = 202;
  });

  return router;
}

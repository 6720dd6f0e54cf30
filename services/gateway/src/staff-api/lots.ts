/**
 * Lots for staff (the public list is site/lots/public-lots-api.ts): `GET /api/marketing/lots` with prices and who changed each last,
 * `GET /api/marketing/lots/{number}` (one lot as stored now, for the edit dialog),
 * `PATCH /api/marketing/lots/{number}` with the version it was based on and any of status,
 * price, tags, sizeSqFt, description (400 with field errors or without a version, 404 for an
 * unknown number, 409 when the lot changed since that version; the staff username is the
 * change's author), `GET /api/marketing/lots/{number}/changes` (its audit trail) and
 * `GET /api/marketing/lots/interest?range=7d|30d|90d` (the Lots screen) or `?days=7|30|90|365`
 * (the Analytics screen): page views, map clicks and leads per lot, asked of analytics and crm
 * together, and the confirmed lot-alert watchers of each lot now, asked of the mailer; 400 for
 * any other value, or for both parameters at once.
 */
import { LOT_NUMBER_MAX, LotInterestQuerySchema, LotPatchSchema, RPC, type LotInterest } from '@lp/contracts';
import { AppError, callRpc, notFound, unauthorized } from '@lp/runtime';
import { validate } from '../middleware/validate.ts';
import { audited } from '../audit/record-audit.ts';
import {
  type GatewayDeps,
  askedBy,
  createRouter,
  numericParam,
  pathNumber,
  unlessUnavailable,
} from '../routes/context.ts';

const DAY_MS = 86_400_000;

export function lotRoutes(deps: GatewayDeps) {
  const { bus } = deps;
  const router = createRouter();
  router.param(
    'number',
    numericParam((raw) => notFound(`Lot ${raw.slice(0, 20)} not found`), LOT_NUMBER_MAX),
  );

  router.get('/api/marketing/lots', async (ctx) => {
    ctx.body = await callRpc(bus, RPC.inventory.staffLotsList, {}, askedBy(ctx));
  });

  router.get('/api/marketing/lots/interest', async (ctx) => {
    const days = validate(LotInterestQuerySchema, ctx.query);
    const to = new Date();
    const from = new Date(to.getTime() - days * DAY_MS);
    const input = { from: from.toISOString(), to: to.toISOString() };
    // Each half still shows while the other service is away; with neither there is nothing to show.
    const [views, leads, watching] = await Promise.all([
      unlessUnavailable(
        ctx,
        'lot interest without views: analytics did not answer',
        callRpc(bus, RPC.analytics.lotViews, input, askedBy(ctx)),
      ),
      unlessUnavailable(
        ctx,
        'lot interest without leads: crm did not answer',
        callRpc(bus, RPC.crm.lotLeads, input, askedBy(ctx)),
      ),
      unlessUnavailable(
        ctx,
        'lot interest without watchers: the mailer did not answer',
        callRpc(bus, RPC.mailer.lotWatchers, {}, askedBy(ctx)),
      ),
    ]);
    if (!views && !leads)
      throw new AppError(503, 'unavailable', 'The service is temporarily unavailable. Please try again.');
    const byLot = new Map<number, LotInterest['lots'][number]>();
    const row = (n: number) =>
      byLot.get(n) ?? byLot.set(n, { number: n, pageViews: 0, mapClicks: 0, leads: 0, watchers: 0 }).get(n)!;
    for (const l of views?.lots ?? []) Object.assign(row(l.number), { pageViews: l.pageViews, mapClicks: l.mapClicks });
    for (const l of leads?.lots ?? []) row(l.number).leads = l.leads;
    for (const l of watching?.lots ?? []) row(l.number).watchers = l.watchers;
    ctx.body = {
      range: `${days}d`,
      days,
      ...input,
      lots: [...byLot.values()].sort((a, b) => a.number - b.number),
      viewsUnavailable: views === null,
      leadsUnavailable: leads === null,
      watchersUnavailable: watching === null,
    } satisfies LotInterest;
  });

  router.get('/api/marketing/lots/:number', async (ctx) => {
    ctx.body = await callRpc(bus, RPC.inventory.staffLotGet, { number: pathNumber(ctx, 'number') }, askedBy(ctx));
  });

  router.get('/api/marketing/lots/:number/changes', async (ctx) => {
    ctx.body = await callRpc(bus, RPC.inventory.lotChangesList, { number: pathNumber(ctx, 'number') }, askedBy(ctx));
  });

  router.patch('/api/marketing/lots/:number', async (ctx) => {
    const number = pathNumber(ctx, 'number');
    const session = ctx.state.session;
    if (!session) throw unauthorized();
    const patch = validate(LotPatchSchema, ctx.request.body);
    const lot = await audited(
      deps.knex,
      ctx.state,
      {
        action: 'lot.update',
        target: `lot ${number}`,
        details: { changed: Object.keys(patch).filter((k) => k !== 'version') },
      },
      () => callRpc(bus, RPC.inventory.lotUpdate, { number, patch, changedBy: session.username }, askedBy(ctx)),
    );
    // This replica shows the change on its next page at once; others hear of it on the bus.
    deps.lots.invalidate();
    ctx.body = lot;
  });

  return router;
}

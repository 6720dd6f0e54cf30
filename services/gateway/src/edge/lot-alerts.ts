/**
 * Lot alerts at the edge (the mailer owns the watches: services/mailer/src/lot-alerts):
 * - `POST /api/lots/{number}/watch {email}`: a visitor asks to be told when the lot changes.
 *   Rate limited per client address like the contact form, checked with the shared schema, the
 *   honeypot screened, the lot looked up in the cached public lots (404 unknown), then the
 *   request is stored on the MAIL stream (`mail.lot-watch.requested`) and only then answered
 *   201; the mailer sends the confirmation mail. The `Idempotency-Key` makes a double click one
 *   request; the answer never says whether the address already watches the lot.
 * - `/lot-alerts/confirm/{token}`: the confirmation link; GET shows a page with a button and
 *   never turns the watch on (link scanners follow GETs: consent is a person's click), POST does.
 * - `/lot-alerts/stop/{token}`: an alert's stop link; GET shows a page with a button and never
 *   stops (link scanners follow GETs), POST stops (the button and RFC 8058 one-click alike).
 */
import {
  LotWatchFormSchema,
  LOT_NUMBER_MAX,
  eventMeta,
  lotPath,
  RPC,
  site,
  SUBJECTS,
  type LotWatchAccepted,
  type LotWatchRequested,
  type LotWatchState,
} from '@lp/contracts';
import { AppError, callRpc, notFound, requestIdHeaders } from '@lp/runtime';
import { requestLimiter } from '../middleware/rate-limit.ts';
import { validate } from '../middleware/validate.ts';
import {
  type GatewayDeps,
  askedBy,
  createRouter,
  numericParam,
  pathNumber,
  publishOrUnavailable,
} from '../routes/context.ts';
import { loadPublicLots } from '../site/lots/load-public-lots.ts';
import { stableEventId } from './stable-event-id.ts';

const KEY = /^[A-Za-z0-9_-]{8,100}$/;

const eventIdFor = (key: string) => stableEventId('lot-watch', key);

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(site.brand)}</title>` +
  `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937;line-height:1.5}` +
  `a{color:#1d4ed8}button{background:#1d4ed8;color:#fff;border:0;border-radius:.375rem;padding:.6rem 1.2rem;font-size:1rem;cursor:pointer}</style>` +
  `</head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><small>${escapeHtml(site.postalAddress)}</small></p></main></body></html>`;

const lotLink = (n: number) => `<a href="${lotPath(n)}">See lot ${n}</a>`;

export function lotAlertRoutes(deps: GatewayDeps) {
  const { config, bus, counters, knex, log } = deps;
  const router = createRouter();
  router.param(
    'number',
    numericParam((raw) => notFound(`Lot ${raw.slice(0, 20)} not found`), LOT_NUMBER_MAX),
  );
  const limit = requestLimiter(
    { counters, knex, log },
    {
      name: 'lot_watch',
      max: config.CONTACT_RATE_LIMIT,
      windowMs: 10 * 60_000,
      message: 'Too many requests from your connection. Please try again later.',
    },
  );

  router.post('/api/lots/:number/watch', async (ctx) => {
    await limit(ctx, ctx.ip);
    const rawKey = ctx.get('idempotency-key').replace(/^"|"$/g, '');
    if (rawKey && !KEY.test(rawKey))
      throw new AppError(400, 'bad_request', 'Idempotency-Key must be 8-100 letters, digits, - or _');
    const id = eventIdFor(rawKey || crypto.randomUUID());
    const body = validate(LotWatchFormSchema, ctx.request.body);
    const lotNumber = pathNumber(ctx, 'number');
    const { lots } = await loadPublicLots(deps, askedBy(ctx));
    if (!lots.some((l) => l.number === lotNumber)) throw notFound(`Lot ${lotNumber} not found`);
    ctx.status = 201;
    ctx.body = { id } satisfies LotWatchAccepted;
    if (body.website) {
      counters.inc('gateway_lot_watches_dropped_total', { reason: 'honeypot' });
      return;
    }
    const event: LotWatchRequested = { ...eventMeta(id), lotNumber, email: body.email };
    await publishOrUnavailable(
      () => bus.publish(SUBJECTS.lotWatchRequested, event, { msgId: id, headers: requestIdHeaders(ctx.state.reqId) }),
      `We could not take your request right now. Please try again in a moment, or call us at ${site.phone}.`,
      (err) => ctx.state.log.error({ err, eventId: id }, 'lot watch request not stored'),
    );
    counters.inc('gateway_lot_watches_requested_total');
  });

  /** Answers a link's page from the mailer; a link it does not know (404) or that expired (410) gets its own page. */
  const linkPage = async (
    ctx: Parameters<Parameters<typeof router.get>[1]>[0],
    rpc:
      | typeof RPC.mailer.lotWatchToConfirm
      | typeof RPC.mailer.lotWatchConfirm
      | typeof RPC.mailer.lotWatchGet
      | typeof RPC.mailer.lotWatchStop,
    show: (w: LotWatchState) => string,
  ) => {
    ctx.set('Cache-Control', 'no-store, private');
    ctx.type = 'html';
    try {
      ctx.body = show(await callRpc(bus, rpc, { token: ctx.params.token ?? '' }, askedBy(ctx)));
    } catch (err) {
      // A token the mailer's schema refuses (too long) is as invalid as a forged one.
      if (!(err instanceof AppError) || ![400, 404, 410].includes(err.status)) throw err;
      ctx.status = err.status === 410 ? 410 : 404;
      ctx.body =
        err.status === 410
          ? page(
              'This link has expired',
              `<p>Confirmation links work for a few days. Ask again on the lot's page and we'll send a new one.</p><p><a href="/map">Open the lot map</a></p>`,
            )
          : page('Link not valid', '<p>This link is not valid. Please use the link in your most recent email.</p>');
    }
  };

  const stopped = (w: LotWatchState) =>
    page(
      `Alerts for lot ${w.lotNumber} are off`,
      `<p>${escapeHtml(w.email)} will get no more alerts about lot ${w.lotNumber}.</p><p>${lotLink(w.lotNumber)}</p>`,
    );

  const confirmed = (w: LotWatchState) =>
    w.status === 'active'
      ? page(
          `Alerts for lot ${w.lotNumber} are on`,
          `<p>We'll email ${escapeHtml(w.email)} when lot ${w.lotNumber} changes status or price. Every alert has a link to stop them.</p><p>${lotLink(w.lotNumber)}</p>`,
        )
      : stopped(w);
  router.get('/lot-alerts/confirm/:token', (ctx) =>
    linkPage(ctx, RPC.mailer.lotWatchToConfirm, (w) =>
      w.status === 'pending'
        ? page(
            `Turn on alerts for lot ${w.lotNumber}?`,
            `<p>We'll email ${escapeHtml(w.email)} when lot ${w.lotNumber} changes status or price.</p><form method="post"><button type="submit">Turn on alerts</button></form>`,
          )
        : confirmed(w),
    ),
  );
  router.post('/lot-alerts/confirm/:token', (ctx) => linkPage(ctx, RPC.mailer.lotWatchConfirm, confirmed));
  router.get('/lot-alerts/stop/:token', (ctx) =>
    linkPage(ctx, RPC.mailer.lotWatchGet, (w) =>
      w.status === 'stopped'
        ? stopped(w)
        : page(
            `Stop alerts for lot ${w.lotNumber}?`,
            `<p>${escapeHtml(w.email)} will get no more emails about lot ${w.lotNumber}.</p><form method="post"><button type="submit">Stop alerts</button></form>`,
          ),
    ),
  );
  router.post('/lot-alerts/stop/:token', (ctx) => linkPage(ctx, RPC.mailer.lotWatchStop, stopped));

  return router;
}

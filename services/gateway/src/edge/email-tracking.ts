/**
 * The public ends of the links in a broadcast: `GET /e/o/<token>.gif` (the open pixel: always a
 * 1×1 GIF), `GET /e/c/<token>?u=<url>` (a click: 302 to that link of the message, 404 for
 * anything else), and `/unsubscribe/<token>`: GET shows a confirmation page and never
 * unsubscribes (link scanners follow GETs); POST unsubscribes — the page's button and RFC 8058
 * one-click POSTs alike, no cookie needed. Unsubscribes are answered by the mailer; while it is
 * away a POST is stored on the MAIL stream and answered, and the mailer carries it out later.
 *
 * Opens and clicks never wait on the mailer: the gateway checks the signed token itself, answers
 * at once (a click's token signs its target, so the redirect needs nothing else) and hands the
 * hit to a write buffer that publishes it durably on the MAIL stream, where the mailer records
 * each hit once whenever it is there. Only what the gateway cannot check goes to the mailer as
 * before: a click link of mail sent before links named their targets, and any link while the
 * gateway has no copy of the key yet (edge/tracking-secret.ts).
 */
import { eventMeta, RPC, site, SUBJECTS, type TrackingHit } from '@lp/contracts';
import { AppError, callRpc, notFound, requestIdHeaders, unavailable, type Logger } from '@lp/runtime';
import { readClickToken, readToken } from '@lp/runtime/mail/tracking-tokens';
import { PixelBuffer } from './pixels/pixel-buffer.ts';
import { type GatewayDeps, askedBy, createRouter, publishOrUnavailable } from '../routes/context.ts';

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(site.brand)}</title>` +
  `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937;line-height:1.5}` +
  `button{background:#1d4ed8;color:#fff;border:0;border-radius:.375rem;padding:.6rem 1.2rem;font-size:1rem;cursor:pointer}</style>` +
  `</head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><small>${escapeHtml(site.postalAddress)}</small></p></main></body></html>`;

const notValid = () =>
  page(
    'Link not valid',
    '<p>This unsubscribe link is not valid. If you keep receiving emails, reply to one of them.</p>',
  );

const INVALID_LINK = 'This link is not valid';

export function emailTrackingRoutes({ bus, config, log, counters, onShutdown, trackingKey }: GatewayDeps) {
  const router = createRouter();
  const secret = trackingKey ?? { get: () => Promise.resolve(config.TRACKING_SECRET) };
  const hits = new PixelBuffer<TrackingHit>({
    kind: 'email',
    subject: SUBJECTS.trackingHitsRecorded,
    bus,
    log,
    counters,
  });
  onShutdown?.(() => hits.drain());
  const accepted = counters.series('gateway_hits_accepted_total', { kind: 'email' });

  /** Buffers an open or a click; past the buffer's bound it is counted and logged as dropped. */
  const keep = (hit: Omit<TrackingHit, 'id' | 'at'>, reqLog: Logger) => {
    if (hits.add({ ...hit, id: crypto.randomUUID(), at: new Date().toISOString() })) return accepted.inc();
    counters.inc('gateway_hits_dropped_total', { reason: 'buffer_full' });
    reqLog.warn({ kind: hit.kind, deliveryId: hit.deliveryId }, 'e-mail tracking hit dropped: buffer full');
  };
  const userAgentOf = (ctx: { get(field: string): string }) => ctx.get('user-agent').slice(0, 300);

  router.get('/e/o/:file', async (ctx) => {
    const token = (ctx.params.file ?? '').replace(/\.gif$/, '');
    const key = await secret.get();
    if (key !== undefined) {
      // A token that is not genuine records nothing.
      const ids = readToken(key, 'open', token);
      // A HEAD (a link checker) is answered and not recorded: mail clients fetch images with GET.
      if (ids && ctx.method === 'GET')
        keep({ kind: 'open', deliveryId: ids.deliveryId, linkIdx: null, userAgent: userAgentOf(ctx) }, ctx.state.log);
    } else {
      try {
        await callRpc(bus, RPC.mailer.trackOpen, { token, userAgent: ctx.get('user-agent') }, askedBy(ctx));
      } catch (err) {
        ctx.state.log.warn({ err }, 'open not recorded');
      }
    }
    ctx.set('Cache-Control', 'no-store, private');
    ctx.type = 'image/gif';
    ctx.body = GIF;
  });

  router.get('/e/c/:token', async (ctx) => {
    const token = ctx.params.token ?? '';
    const target = ctx.query.u;
    ctx.set('Cache-Control', 'no-store, private');
    if (target === undefined) {
      // Mail sent before click links named their targets: the mailer finds the link.
      const { url } = await callRpc(
        bus,
        RPC.mailer.trackClick,
        { token, userAgent: ctx.get('user-agent') },
        askedBy(ctx),
      );
      return ctx.redirect(url);
    }
    // Only a target the mailer signed for this delivery and link: never an open redirect.
    if (typeof target !== 'string' || !/^https?:\/\//i.test(target)) throw notFound(INVALID_LINK);
    const key = await secret.get();
    if (key === undefined) throw unavailable('This link cannot be followed right now; retry later');
    const ids = readClickToken(key, token, target);
    if (!ids) throw notFound(INVALID_LINK);
    // A HEAD is a link scanner's (a browser follows a link with GET): answered, not recorded.
    if (ctx.method === 'GET')
      keep(
        { kind: 'click', deliveryId: ids.deliveryId, linkIdx: ids.linkIdx, userAgent: userAgentOf(ctx) },
        ctx.state.log,
      );
    ctx.redirect(target);
  });

  const unsubscribePage = async (
    ctx: Parameters<Parameters<typeof router.get>[1]>[0],
    rpc: typeof RPC.mailer.unsubscribe | typeof RPC.mailer.unsubscribeInfo,
  ) => {
    ctx.set('Cache-Control', 'no-store, private');
    ctx.type = 'html';
    try {
      const r = await callRpc(bus, rpc, { token: ctx.params.token ?? '' }, askedBy(ctx));
      const email = escapeHtml(r.email);
      ctx.body = r.unsubscribed
        ? page(
            'You are unsubscribed',
            `<p>${email} will receive no more marketing emails from ${escapeHtml(site.brand)}.</p>`,
          )
        : page(
            'Unsubscribe',
            `<p>Stop marketing emails from ${escapeHtml(site.brand)} to ${email}?</p>` +
              `<form method="post"><button type="submit">Unsubscribe</button></form>`,
          );
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 404) throw err;
      ctx.status = 404;
      ctx.body = notValid();
    }
  };

  /**
   * While the mailer is away, an unsubscribe (a mail client's one-click POST is never retried) is
   * stored on the MAIL stream before it is answered, and carried out when the mailer is back.
   * False when the gateway cannot check the token either.
   */
  const unsubscribeLater = async (ctx: Parameters<Parameters<typeof router.post>[1]>[0]): Promise<boolean> => {
    const key = await secret.get();
    if (key === undefined) return false;
    const ids = readToken(key, 'unsubscribe', ctx.params.token ?? '');
    if (!ids) {
      ctx.status = 404;
      ctx.body = notValid();
      return true;
    }
    const hit: TrackingHit = {
      id: crypto.randomUUID(),
      kind: 'unsubscribe',
      deliveryId: ids.deliveryId,
      linkIdx: null,
      userAgent: userAgentOf(ctx),
      at: new Date().toISOString(),
    };
    await publishOrUnavailable(
      () =>
        bus.publish(
          SUBJECTS.trackingHitsRecorded,
          { ...eventMeta(), hits: [hit] },
          { msgId: `unsubscribe-${ids.deliveryId}`, headers: requestIdHeaders(ctx.state.reqId) },
        ),
      'Your unsubscribe could not be stored right now; retry later',
    );
    ctx.state.log.info({ deliveryId: ids.deliveryId }, 'unsubscribe stored for the mailer');
    ctx.body = page(
      'You are unsubscribed',
      `<p>You will receive no more marketing emails from ${escapeHtml(site.brand)}.</p>`,
    );
    return true;
  };

  router.get('/unsubscribe/:token', (ctx) => unsubscribePage(ctx, RPC.mailer.unsubscribeInfo));
  router.post('/unsubscribe/:token', async (ctx) => {
    try {
      await unsubscribePage(ctx, RPC.mailer.unsubscribe);
    } catch (err) {
      if (!(err instanceof AppError && err.status === 503) || !(await unsubscribeLater(ctx))) throw err;
    }
  });

  return router;
}

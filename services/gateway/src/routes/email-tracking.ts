/**
 * The public ends of the links in a broadcast, answered for the mailer, which checks each
 * signed token: `GET /e/o/<token>.gif` (the open pixel: always a 1×1 GIF), `GET /e/c/<token>`
 * (a click: 302 to that link of the message, 404 for anything else), and `/unsubscribe/<token>`:
 * GET shows a confirmation page and never unsubscribes (link scanners follow GETs); POST
 * unsubscribes — the page's button and RFC 8058 one-click POSTs alike, no cookie needed.
 */
import { RPC, site } from '@lp/contracts';
import { AppError, callRpc } from '@lp/runtime';
import { type GatewayDeps, askedBy, createRouter } from './context.ts';

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

export function emailTrackingRoutes({ bus }: GatewayDeps) {
  const router = createRouter();

  router.get('/e/o/:file', async (ctx) => {
    const token = (ctx.params.file ?? '').replace(/\.gif$/, '');
    try {
      await callRpc(bus, RPC.mailer.trackOpen, { token, userAgent: ctx.get('user-agent') }, askedBy(ctx));
    } catch (err) {
      ctx.state.log.warn({ err }, 'open not recorded');
    }
    ctx.set('Cache-Control', 'no-store, private');
    ctx.type = 'image/gif';
    ctx.body = GIF;
  });

  router.get('/e/c/:token', async (ctx) => {
    const { url } = await callRpc(
      bus,
      RPC.mailer.trackClick,
      { token: ctx.params.token ?? '', userAgent: ctx.get('user-agent') },
      askedBy(ctx),
    );
    ctx.set('Cache-Control', 'no-store, private');
    ctx.redirect(url);
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

  router.get('/unsubscribe/:token', (ctx) => unsubscribePage(ctx, RPC.mailer.unsubscribeInfo));
  router.post('/unsubscribe/:token', (ctx) => unsubscribePage(ctx, RPC.mailer.unsubscribe));

  return router;
}

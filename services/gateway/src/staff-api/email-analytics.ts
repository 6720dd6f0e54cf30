/** `GET /api/marketing-dashboard/email-analytics?days=7|30|90|365` (default 30), asked of the mailer. */
import { RPC } from '@lp/contracts';
import { badRequest, callRpc } from '@lp/runtime';
import { type GatewayDeps, askedBy, createRouter } from '../routes/context.ts';

const DAYS = { '7': 7, '30': 30, '90': 90, '365': 365 } as const;

export function emailAnalyticsRoutes({ bus }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing-dashboard' });
  router.get('/email-analytics', async (ctx) => {
    const raw = typeof ctx.query.days === 'string' ? ctx.query.days : '30';
    const days = DAYS[raw as keyof typeof DAYS];
    if (!days) throw badRequest('days must be 7, 30, 90 or 365');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await callRpc(bus, RPC.mailer.emailAnalytics, { days }, askedBy(ctx));
  });
  return router;
}

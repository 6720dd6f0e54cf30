/** `GET /api/marketing-dashboard/email-analytics?days=7|30|90|365` (default 30), asked of the mailer. */
import { AnalyticsRangeQuerySchema, RPC } from '@lp/contracts';
import { callRpc } from '@lp/runtime';
import { validate } from '../middleware/validate.ts';
import { type GatewayDeps, askedBy, createRouter } from '../routes/context.ts';

export function emailAnalyticsRoutes({ bus }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing-dashboard' });
  router.get('/email-analytics', async (ctx) => {
    const { days } = validate(AnalyticsRangeQuerySchema, ctx.query);
    ctx.body = await callRpc(bus, RPC.mailer.emailAnalytics, { days }, askedBy(ctx));
  });
  return router;
}

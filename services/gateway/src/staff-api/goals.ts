/**
 * Goals and funnels for staff (session required), asked of the analytics service:
 * - `GET /api/marketing-dashboard/goals`: the goals, oldest first;
 * - `POST /api/marketing-dashboard/goals` `{ name, kind: 'page'|'event', value }`: adds one (201;
 *   a name taken in any letter case, or a 31st goal, is a 409; audited);
 * - `PUT /api/marketing-dashboard/goals/{id}` `{ name, kind, value, version }`: edits one while it
 *   is at the version the edit opened (else 409; 404 when gone; a taken name a 409 on the field; audited);
 * - `DELETE /api/marketing-dashboard/goals/{id}`: removes one (204; 404 when there is none; audited);
 * - `GET /api/marketing-dashboard/goal-conversions?days=…` (or `from` and `to`, and any drill-down
 *   filters): each goal's conversions, conversion rate and the sources that convert best;
 * - `GET /api/marketing-dashboard/funnel?goals=3,1,5&days=…` (2 to 8 goal ids in order, and the
 *   same period and filters): the visitors at each step, the drop-off and the conversion.
 */
import {
  filtersOf,
  FunnelQuerySchema,
  GoalFormSchema,
  GoalReportQuerySchema,
  GoalUpdateSchema,
  RPC,
} from '@lp/contracts';
import { notFound } from '@lp/runtime';
import { audited } from '../audit/record-audit.ts';
import { validate } from '../middleware/validate.ts';
import { type GatewayDeps, askFor, createRouter, numericParam, pathNumber } from '../routes/context.ts';

export function goalRoutes({ bus, knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing-dashboard' });
  router.param(
    'id',
    numericParam(() => notFound('Goal not found')),
  );
  const ask = askFor(bus);

  router.get('/goals', async (ctx) => {
    ctx.body = await ask(ctx, RPC.analytics.goalsList, {});
  });

  router.post('/goals', async (ctx) => {
    const form = validate(GoalFormSchema, ctx.request.body);
    const goal = await audited(
      knex,
      ctx.state,
      { action: 'goal.create', details: { name: form.name, kind: form.kind, value: form.value } },
      () => ask(ctx, RPC.analytics.goalCreate, form),
      (g) => ({ target: `goal ${g.id}` }),
    );
    ctx.status = 201;
    ctx.body = goal;
  });

  router.put('/goals/:id', async (ctx) => {
    const id = pathNumber(ctx);
    const goal = validate(GoalUpdateSchema, ctx.request.body);
    ctx.body = await audited(
      knex,
      ctx.state,
      {
        action: 'goal.update',
        target: `goal ${id}`,
        details: { name: goal.name, kind: goal.kind, value: goal.value },
      },
      () => ask(ctx, RPC.analytics.goalUpdate, { id, goal }),
    );
  });

  router.delete('/goals/:id', async (ctx) => {
    const id = pathNumber(ctx);
    await audited(knex, ctx.state, { action: 'goal.delete', target: `goal ${id}` }, () =>
      ask(ctx, RPC.analytics.goalDelete, { id }),
    );
    ctx.status = 204;
  });

  router.get('/goal-conversions', async (ctx) => {
    const { days, from, to, ...filters } = validate(GoalReportQuerySchema, ctx.query);
    ctx.body = await ask(ctx, RPC.analytics.goalReport, { days, from, to, filters: filtersOf(filters) });
  });

  router.get('/funnel', async (ctx) => {
    const { days, from, to, goals, ...filters } = validate(FunnelQuerySchema, ctx.query);
    ctx.body = await ask(ctx, RPC.analytics.funnel, { days, from, to, goals, filters: filtersOf(filters) });
  });

  return router;
}

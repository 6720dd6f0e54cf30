/**
 * Staff accounts, owners only: `GET /api/marketing/staff` lists them, `POST` adds one (password
 * policy applies), `POST /{id}/disable` and `/{id}/enable`, `POST /{id}/password` sets a new
 * password. Disabling and resetting sign the account out everywhere. Every change is audited.
 */
import { StaffAccountCreateSchema, StaffPasswordResetSchema } from '@lp/contracts';
import { AppError, notFound } from '@lp/runtime';
import type { GatewayState } from '../middleware/request-context.ts';
import { validate } from '../middleware/validate.ts';
import { listStaffAccounts } from '../queries/list-staff-accounts.ts';
import { createStaffAccount, resetStaffPassword, setStaffDisabled } from './manage-staff-accounts.ts';
import { type GatewayDeps, createRouter, numericParam, pathNumber } from '../routes/context.ts';

/** The signed-in owner; anyone else gets 403. */
function owner(ctx: { state: GatewayState }) {
  const session = ctx.state.session;
  if (session?.role !== 'owner') throw new AppError(403, 'forbidden', 'Only an owner can manage staff accounts');
  return { session, reqId: ctx.state.reqId };
}

export function staffAccountRoutes({ knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing/staff' });
  router.param(
    'id',
    numericParam(() => notFound('No such staff account')),
  );

  router.get('/', async (ctx) => {
    owner(ctx);
    ctx.body = await listStaffAccounts(knex);
  });

  router.post('/', async (ctx) => {
    const by = owner(ctx);
    const input = validate(StaffAccountCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await createStaffAccount(knex, by, input);
  });

  router.post('/:id/disable', async (ctx) => {
    const by = owner(ctx);
    ctx.body = await setStaffDisabled(knex, by, pathNumber(ctx), true);
  });

  router.post('/:id/enable', async (ctx) => {
    const by = owner(ctx);
    ctx.body = await setStaffDisabled(knex, by, pathNumber(ctx), false);
  });

  router.post('/:id/password', async (ctx) => {
    const by = owner(ctx);
    const id = pathNumber(ctx);
    const { password } = validate(StaffPasswordResetSchema, ctx.request.body);
    ctx.body = await resetStaffPassword(knex, by, id, password);
  });

  return router;
}

/**
 * The weekly e-mail report's settings, kept and sent by the mailer:
 * - `GET /api/marketing-dashboard/weekly-report` (any staff): the settings, the latest report,
 *   each recipient's account state, the accounts to choose from, and whether the caller may edit;
 * - `PUT /api/marketing-dashboard/weekly-report` `{ enabled, weekday, hour, recipients: [{ staffId,
 *   email }] }` (owners: it chooses which staff accounts get mail, as owners manage the accounts):
 *   each recipient must be an enabled account (400 naming the field otherwise); audited;
 * - `POST /api/marketing-dashboard/weekly-report/test` `{ email }` (any staff, as a campaign's
 *   test copy): the last whole week's report now to that address; audited.
 */
import {
  RPC,
  WeeklyReportFormSchema,
  WeeklyReportTestSchema,
  type WeeklyReportRecipient,
  type WeeklyReportView,
} from '@lp/contracts';
import { AppError, badRequest } from '@lp/runtime';
import { audited } from '../audit/record-audit.ts';
import type { GatewayState } from '../middleware/request-context.ts';
import { validate } from '../middleware/validate.ts';
import { listStaffAccounts } from '../queries/list-staff-accounts.ts';
import { type GatewayDeps, askFor, createRouter } from '../routes/context.ts';

/** Gathering a week's figures from analytics and crm, then one SMTP transaction. */
const TEST_SEND_TIMEOUT_MS = 60_000;

function ownerOnly(state: GatewayState): void {
  if (state.session?.role !== 'owner')
    throw new AppError(403, 'forbidden', 'Only an owner can change the weekly report');
}

export function weeklyReportRoutes({ bus, knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing-dashboard/weekly-report' });
  const ask = askFor(bus);

  router.get('/', async (ctx) => {
    const [settings, accounts] = await Promise.all([ask(ctx, RPC.mailer.weeklyReportGet, {}), listStaffAccounts(knex)]);
    const byId = new Map(accounts.map((a) => [a.id, a]));
    const view: WeeklyReportView = {
      ...settings,
      recipients: settings.recipients.map((r) => {
        const a = byId.get(r.staffId);
        return { ...r, account: !a ? 'missing' : a.disabled ? 'disabled' : 'active' };
      }),
      accounts: accounts.map(({ id, username, disabled }) => ({ id, username, disabled })),
      canEdit: ctx.state.session?.role === 'owner',
    };
    ctx.body = view;
  });

  router.put('/', async (ctx) => {
    ownerOnly(ctx.state);
    const form = validate(WeeklyReportFormSchema, ctx.request.body);
    const byId = new Map((await listStaffAccounts(knex)).map((a) => [a.id, a]));
    const fields: Record<string, string[]> = {};
    const recipients: WeeklyReportRecipient[] = form.recipients.map((r, i) => {
      const a = byId.get(r.staffId);
      if (!a || a.disabled) fields[`recipients.${i}.staffId`] = ['Choose an enabled staff account'];
      return { staffId: r.staffId, username: a?.username ?? '', email: r.email };
    });
    if (Object.keys(fields).length) throw badRequest('Some fields need attention', { fields });
    ctx.body = await audited(
      knex,
      ctx.state,
      {
        action: 'weekly_report.update',
        target: 'weekly report',
        details: {
          enabled: form.enabled,
          weekday: form.weekday,
          hour: form.hour,
          recipients: recipients.map((r) => r.username),
        },
      },
      () =>
        ask(ctx, RPC.mailer.weeklyReportSave, {
          ...form,
          recipients,
          updatedBy: ctx.state.session?.username ?? 'unknown',
        }),
    );
  });

  router.post('/test', async (ctx) => {
    const { email } = validate(WeeklyReportTestSchema, ctx.request.body);
    ctx.body = await audited(
      knex,
      ctx.state,
      { action: 'weekly_report.test_send', target: email },
      () => ask(ctx, RPC.mailer.weeklyReportTest, { email }, TEST_SEND_TIMEOUT_MS),
      (r) => ({ details: { delivered: r.delivered } }),
    );
  });

  return router;
}

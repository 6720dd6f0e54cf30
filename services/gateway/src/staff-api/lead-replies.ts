/**
 * What is sent on every new lead, kept and sent by the mailer:
 * - `GET /api/marketing/lead-replies/settings` (any staff): the instant reply per interest
 *   (on/off, template), the staff alert (on/off, `all` or `round_robin`, recipients), the
 *   accounts to choose from, and whether the caller may edit;
 * - `PUT /api/marketing/lead-replies/settings` (owners: it chooses who gets mail, as owners manage
 *   the accounts): a recipient naming an account must name an enabled one, and a chosen template
 *   must exist (400 naming the field otherwise); audited.
 */
import { LEAD_INTERESTS, LeadReplySettingsFormSchema, RPC, type LeadReplySettingsView } from '@lp/contracts';
import { AppError, badRequest } from '@lp/runtime';
import { audited } from '../audit/record-audit.ts';
import { validate } from '../middleware/validate.ts';
import { listStaffAccounts } from '../queries/list-staff-accounts.ts';
import { type GatewayDeps, askFor, createRouter } from '../routes/context.ts';

export function leadReplyRoutes({ bus, knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing/lead-replies' });
  const ask = askFor(bus);

  router.get('/settings', async (ctx) => {
    const [settings, accounts] = await Promise.all([ask(ctx, RPC.mailer.leadRepliesGet, {}), listStaffAccounts(knex)]);
    const view: LeadReplySettingsView = {
      ...settings,
      accounts: accounts.map(({ id, username, disabled }) => ({ id, username, disabled })),
      canEdit: ctx.state.session?.role === 'owner',
    };
    ctx.body = view;
  });

  router.put('/settings', async (ctx) => {
    if (ctx.state.session?.role !== 'owner')
      throw new AppError(403, 'forbidden', 'Only an owner can change the lead replies and alerts');
    const form = validate(LeadReplySettingsFormSchema, ctx.request.body);
    const [accounts, templates] = await Promise.all([listStaffAccounts(knex), ask(ctx, RPC.mailer.templatesList, {})]);
    const byId = new Map(accounts.map((a) => [a.id, a]));
    const templateIds = new Set(templates.map((t) => t.id));
    const fields: Record<string, string[]> = {};
    for (const interest of LEAD_INTERESTS) {
      const id = form.replies[interest].templateId;
      if (id !== null && !templateIds.has(id))
        fields[`replies.${interest}.templateId`] = ['Choose an existing template'];
    }
    const recipients = form.alert.recipients.map((r, i) => {
      const a = r.staffId === null ? undefined : byId.get(r.staffId);
      if (r.staffId !== null && (!a || a.disabled))
        fields[`alert.recipients.${i}.staffId`] = ['Choose an enabled staff account'];
      return { staffId: r.staffId, username: a?.username ?? null, email: r.email };
    });
    if (Object.keys(fields).length) throw badRequest('Some fields need attention', { fields });
    const alert = { ...form.alert, recipients };
    ctx.body = await audited(
      knex,
      ctx.state,
      {
        action: 'lead_replies.update',
        target: 'lead replies',
        details: {
          replies: Object.fromEntries(
            LEAD_INTERESTS.map((i) => [i, form.replies[i].enabled ? form.replies[i].templateId : null]),
          ),
          alert: { enabled: alert.enabled, mode: alert.mode, recipients: recipients.map((r) => r.username ?? r.email) },
        },
      },
      () =>
        ask(ctx, RPC.mailer.leadRepliesSave, {
          replies: form.replies,
          alert,
          updatedBy: ctx.state.session?.username ?? 'unknown',
        }),
    );
  });

  return router;
}

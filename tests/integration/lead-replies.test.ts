/**
 * Every new lead answered end to end, on both backends: an owner sets the instant reply per
 * interest and the staff alert through the staff API (checked, owners only, audited) → a
 * visitor's form post → the submission event → the mailer's own durable → exactly one reply to
 * the visitor and one alert to staff through the SMTP sink; the same submission again (the form
 * posted with the same idempotency key, the event published again as a replay does) → nothing
 * more; the interest's reply off → no reply, the alert all the same.
 */
import { expect, it } from 'vitest';
import {
  SUBJECTS,
  type AuditPage,
  type LeadReplySettingsForm,
  type LeadReplySettingsView,
  type SubmissionReceived,
  type Template,
} from '@lp/contracts';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { useStackAndSmtpSink } from '../support/fixtures.ts';

const PUBLIC = 'https://lots.example';
type Envelope = { error: { code: string; details?: { fields?: Record<string, string[]> } } };

describeOnEachBackend('instant replies and staff alerts on every new lead', (backend) => {
  let owner: string;
  let templateId: number;
  const { stack, sink } = useStackAndSmtpSink({
    backend,
    env: { MAIL_PUBLIC_URL: PUBLIC },
    setup: async (s) => {
      owner = await s.login();
      const res = await s.api('/api/marketing/templates', {
        token: owner,
        body: {
          name: 'Lot reply',
          subject: 'Thanks {{firstName}}, about lot {{lotNumber}}',
          content: '<p>Hi {{firstName}} {{lastName}}, we will call you today about {{lotUrl}}.</p>',
        },
      });
      expect(res.status).toBe(201);
      templateId = ((await res.json()) as Template).id;
    },
  });

  const off = { enabled: false, templateId: null };
  const settings = (lotReply: boolean): LeadReplySettingsForm => ({
    replies: { lot: { enabled: lotReply, templateId }, home: off, builder_package: off, investment: off, general: off },
    alert: { enabled: true, mode: 'all', recipients: [{ staffId: null, email: 'sales@lakepowell.test' }] },
  });
  const put = (body: unknown) =>
    stack.api('/api/marketing/lead-replies/settings', { token: owner, method: 'PUT', body });
  const lead = (key: string, email: string) =>
    stack.api('/api/contact', {
      headers: { 'Idempotency-Key': key },
      body: {
        firstName: 'Ada',
        lastName: 'Lake',
        phone: '9285550100',
        email,
        source: 'lot-page',
        lotNumber: 7,
        website: '',
      },
    });
  const to = (address: string) => sink.messages.filter((m) => m.to === address);
  /** Until nothing more arrives: the mailer had time to act on everything published before. */
  const settled = () => new Promise((r) => setTimeout(r, 1500));

  it('checks the settings, lets only owners change them, and audits the change', async () => {
    const bad = await put({
      ...settings(true),
      replies: { ...settings(true).replies, home: { enabled: true, templateId: null } },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Envelope).error.details?.fields).toMatchObject({
      'replies.home.templateId': ['Choose a template to turn the reply on'],
    });
    const unknown = await put({
      ...settings(true),
      replies: { ...settings(true).replies, home: { enabled: true, templateId: 999999 } },
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as Envelope).error.details?.fields).toMatchObject({
      'replies.home.templateId': ['Choose an existing template'],
    });
    const ok = await put(settings(true));
    expect(ok.status).toBe(200);
    const view = (await (
      await stack.api('/api/marketing/lead-replies/settings', { token: owner })
    ).json()) as LeadReplySettingsView;
    expect(view).toMatchObject({
      canEdit: true,
      replies: { lot: { enabled: true, templateId } },
      alert: { enabled: true },
    });
    expect(view.accounts.length).toBeGreaterThan(0);
    const audit = (await (await stack.api('/api/marketing/audit?limit=20', { token: owner })).json()) as AuditPage;
    expect(audit.entries.map((e) => e.action)).toContain('lead_replies.update');

    const password = 'Lead-replies-2026!';
    const created = await stack.api('/api/marketing/staff', {
      token: owner,
      body: { username: 'lee.staff', password, role: 'staff' },
    });
    expect(created.status).toBe(201);
    const login = await stack.api('/api/marketing/auth/login', { body: { username: 'lee.staff', password } });
    const staff = ((await login.json()) as { token: string }).token;
    const read = (await (
      await stack.api('/api/marketing/lead-replies/settings', { token: staff })
    ).json()) as LeadReplySettingsView;
    expect(read.canEdit).toBe(false);
    const refused = await stack.api('/api/marketing/lead-replies/settings', {
      token: staff,
      method: 'PUT',
      body: settings(false),
    });
    expect(refused.status).toBe(403);
  });

  it('answers a lead once and alerts staff once, however often the same submission comes', async () => {
    const key = `lead-${crypto.randomUUID()}`;
    const first = await lead(key, 'ada@lakepowell.test');
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    const reply = await eventually(async () => to('ada@lakepowell.test')[0], 20_000, 'the instant reply');
    expect(reply.parsed.subject).toBe('Thanks Ada, about lot 7');
    expect(String(reply.parsed.html)).toContain(`Hi Ada Lake, we will call you today about ${PUBLIC}/lots/7.`);
    const alert = await eventually(async () => to('sales@lakepowell.test')[0], 20_000, 'the staff alert');
    expect(alert.parsed.subject).toBe('New lead (Lots): Ada Lake');
    expect(alert.parsed.text).toContain(`${PUBLIC}/marketing/contacts?q=ada%40lakepowell.test`);

    // The visitor's browser retries the post; a replay publishes the stored event again.
    expect((await lead(key, 'ada@lakepowell.test')).status).toBe(201);
    const event = (await stack.platform.db.knex
      .withSchema('crm')
      .table('form_submissions')
      .where({ event_id: id })
      .first()) as { idempotency_key: string; created_at: Date } | undefined;
    expect(event).toBeDefined();
    const again: SubmissionReceived = {
      id,
      occurredAt: new Date(event!.created_at).toISOString(),
      version: 1,
      idempotencyKey: key,
      submission: {
        ...{ firstName: 'Ada', lastName: 'Lake', phone: '9285550100', email: 'ada@lakepowell.test' },
        ...{
          interest: null,
          message: null,
          source: 'lot-page',
          topic: null,
          page: null,
          sessionId: null,
          lotNumber: 7,
        },
        ...{ country: null, region: null, city: null },
      },
    };
    await stack.platform.bus.publish(SUBJECTS.submissionReceived, again, { msgId: crypto.randomUUID() });
    await eventually(
      async () =>
        (stack.platform.counters.get('mailer_lead_messages_total', { kind: 'reply', outcome: 'sent_before' }) ?? 0) >
          0 || undefined,
      20_000,
      'the replayed submission handled',
    );
    await settled();
    expect(to('ada@lakepowell.test')).toHaveLength(1);
    expect(to('sales@lakepowell.test')).toHaveLength(1);
  });

  it('sends no reply for an interest switched off, and alerts staff all the same', async () => {
    expect((await put(settings(false))).status).toBe(200);
    expect((await lead(`lead-${crypto.randomUUID()}`, 'bo@lakepowell.test')).status).toBe(201);
    await eventually(
      async () => (to('sales@lakepowell.test').length === 2 ? true : undefined),
      20_000,
      'the second alert',
    );
    await settled();
    expect(to('bo@lakepowell.test')).toHaveLength(0);
    expect(String(to('sales@lakepowell.test')[1]!.parsed.subject)).toBe('New lead (Lots): Ada Lake');
  });
});

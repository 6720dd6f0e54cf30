/**
 * What staff learn of a new lead and how fast they answer it, on both backends: pixel hits before
 * a form post → the staff alert lists the lead's first-touch source and campaign, the pages it
 * saw and the lots among them; a call logged with the contact ("Log a call", audited, in its
 * history) and a message staff addressed to it by hand set each submission's first response in
 * the submissions API, and the median per week counts them.
 */
import { expect, it } from 'vitest';
import {
  site,
  type AuditPage,
  type ContactCall,
  type ContactHistoryPage,
  type ConvertSubmissionResult,
  type FormSubmission,
  type ResponseTimes,
} from '@lp/contracts';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { useStackAndSmtpSink } from '../support/fixtures.ts';
import { CHROME_UA, SAMPLE_SUBMISSION } from '../support/samples.ts';

const STAFF_INBOX = 'sales@lakepowell.test';

describeOnEachBackend('the lead alert and the time to first response', (backend) => {
  let token: string;
  const { stack, sink } = useStackAndSmtpSink({
    backend,
    env: { MAIL_PUBLIC_URL: 'https://lots.example' },
    setup: async (s) => {
      token = await s.login();
      const off = { enabled: false, templateId: null };
      const res = await s.api('/api/marketing/lead-replies/settings', {
        token,
        method: 'PUT',
        body: {
          replies: { lot: off, home: off, builder_package: off, investment: off, general: off },
          alert: { enabled: true, mode: 'all', recipients: [{ staffId: null, email: STAFF_INBOX }] },
        },
      });
      expect(res.status).toBe(200);
    },
  });

  const pixel = async (params: Record<string, string>) => {
    const res = await fetch(`${stack.baseUrl}/api/analytics/pixel?${new URLSearchParams(params)}`, {
      headers: { 'user-agent': CHROME_UA },
    });
    expect(res.headers.get('x-pixel-dropped')).toBeNull();
  };
  const lead = async (email: string, extra: Record<string, unknown> = {}) => {
    const res = await stack.api('/api/contact', {
      body: { ...SAMPLE_SUBMISSION, email, ...extra },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(res.status).toBe(201);
  };
  const submissions = async () => {
    const res = await stack.api('/api/marketing/submissions', { token });
    expect(res.status).toBe(200);
    return (await res.json()) as FormSubmission[];
  };
  const submissionOf = (email: string) =>
    eventually(async () => (await submissions()).find((s) => s.email === email), 15_000, `the submission of ${email}`);

  it('lists the first-touch source and campaign, the pages seen and the lots viewed in the alert', async () => {
    const sid = crypto.randomUUID();
    await pixel({ p: '/', sid, ref: 'https://www.facebook.com/', utm_source: 'facebook', utm_campaign: 'fall-lots' });
    await pixel({ p: '/lots/7', sid });
    await pixel({ p: '/lots/12', sid });
    await eventually(
      async () => {
        const n = await stack.platform.db.knex
          .withSchema('analytics')
          .table('page_views')
          .where({ session_id: sid })
          .count();
        return Number((n[0] as { count: string | number }).count) === 3 || undefined;
      },
      15_000,
      'the hits stored',
    );
    await lead('visitor@lakepowell.test', { sessionId: sid, page: '/lots/12' });
    const alert = await eventually(
      async () => sink.messages.find((m) => m.to === STAFF_INBOX && String(m.parsed.text).includes('visitor@')),
      20_000,
      'the staff alert',
    );
    const text = String(alert.parsed.text);
    expect(text).toContain('First-touch source: facebook');
    expect(text).toContain('First-touch campaign: fall-lots');
    expect(text).toContain('Pages seen: 3: /, /lots/7, /lots/12');
    expect(text).toContain('Lots viewed: Lot 7, Lot 12');
    expect(String(alert.parsed.html)).toContain('Lots viewed');
    expect(text).toContain('https://lots.example/marketing/contacts?q=visitor%40lakepowell.test');
  });

  it('takes a logged call and a message written to the lead as its first response', async () => {
    await lead('caller@lakepowell.test');
    await lead('writer@lakepowell.test');
    const called = await submissionOf('caller@lakepowell.test');
    const written = await submissionOf('writer@lakepowell.test');
    expect([called.firstResponseAt, written.firstResponseAt]).toEqual([null, null]);
    const contactOf = async (s: FormSubmission) => {
      const res = await stack.api(`/api/marketing/convert-submission/${s.id}`, { token, body: {} });
      expect(res.status).toBe(201);
      return ((await res.json()) as ConvertSubmissionResult).contact.id;
    };
    const callerId = await contactOf(called);
    await contactOf(written);

    // Log a call: checked, 404 for a contact that is not there, audited, in the history.
    const tooLong = await stack.api(`/api/marketing/contacts/${callerId}/calls`, {
      token,
      body: { note: 'x'.repeat(2001) },
    });
    expect(tooLong.status).toBe(400);
    const nul = await stack.api(`/api/marketing/contacts/${callerId}/calls`, { token, body: { note: 'a\u0000b' } });
    expect(nul.status).toBe(400);
    expect((await stack.api('/api/marketing/contacts/999999/calls', { token, body: {} })).status).toBe(404);
    expect((await stack.api(`/api/marketing/contacts/${callerId}/calls`, { body: {} })).status).toBe(401);
    const logged = await stack.api(`/api/marketing/contacts/${callerId}/calls`, {
      token,
      body: { note: 'Called back about lot 12' },
    });
    expect(logged.status).toBe(201);
    const call = (await logged.json()) as ContactCall;
    const history = (await (
      await stack.api(`/api/marketing/contacts/${callerId}/history`, { token })
    ).json()) as ContactHistoryPage;
    expect(history.items[0]).toMatchObject({ type: 'call_logged', note: 'Called back about lot 12' });
    const audit = (await (await stack.api('/api/marketing/audit?limit=20', { token })).json()) as AuditPage;
    expect(audit.entries.find((e) => e.action === 'contact.call_logged')).toMatchObject({
      target: `contact ${callerId}`,
    });

    // A message staff address to the lead by hand.
    const sent = await stack.api('/api/marketing/single-send', {
      token,
      body: {
        subject: 'About your question',
        fromName: 'Lake Powell Lots',
        fromEmail: site.email,
        content: '<p>Hi, lot 12 is still available.</p>',
        recipients: ['writer@lakepowell.test'],
      },
    });
    expect(sent.status).toBe(202);
    const answered = await eventually(
      async () => {
        const s = (await submissions()).find((x) => x.email === 'writer@lakepowell.test');
        return s?.firstResponseAt ? s : undefined;
      },
      20_000,
      'the reply as the first response',
    );
    expect(Date.parse(answered.firstResponseAt!)).toBeGreaterThanOrEqual(Date.parse(answered.createdAt));
    expect((await submissionOf('caller@lakepowell.test')).firstResponseAt).toBe(call.at);

    const times = (await (
      await stack.api('/api/marketing/submissions/response-times', { token })
    ).json()) as ResponseTimes;
    expect(times.weeks).toHaveLength(8);
    const thisWeek = times.weeks.at(-1)!;
    expect(thisWeek.leads).toBeGreaterThanOrEqual(3);
    expect(thisWeek.answered).toBe(2);
    expect(thisWeek.medianMs).toBeGreaterThanOrEqual(0);
    expect(times.weeks.slice(0, 7).every((w) => w.leads === 0 && w.medianMs === null)).toBe(true);
  });
});

/**
 * The weekly e-mail report end to end, on both backends: an owner sets it through the staff API
 * (checked, owners only, audited) → the mailer stores it and, its slot being this hour, gathers
 * last week's figures from analytics and crm over the bus → one message per recipient through the
 * SMTP sink, once (a later look sends nothing) → the latest report in the settings; and the
 * test send to one address.
 */
import { expect, it } from 'vitest';
import {
  addDays,
  eventMeta,
  siteDayOf,
  SUBJECTS,
  type AuditPage,
  type PageviewsRecorded,
  type SubmissionReceived,
  type WeeklyReportView,
} from '@lp/contracts';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { useStackAndSmtpSink } from '../support/fixtures.ts';
import { pageviewHit } from '../support/samples.ts';

const TZ = 'America/Phoenix';
const PUBLIC = 'https://lots.example';
type Envelope = { error: { code: string; details?: { fields?: Record<string, string[]> } } };

/** Noon in Phoenix (UTC−7 all year) `back` days before today there. */
const noonDaysAgo = (back: number) => `${addDays(siteDayOf(new Date(), TZ), -back)}T19:00:00.000Z`;

/** This hour's slot in Phoenix, waiting out the hour's last seconds so the slot cannot turn meanwhile. */
async function thisHour(): Promise<{ weekday: number; hour: number }> {
  const parts = () =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: TZ,
        weekday: 'short',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        hourCycle: 'h23',
      })
        .formatToParts(new Date())
        .map((p) => [p.type, p.value]),
    );
  let p = parts();
  if (p.minute === '59' && Number(p.second) > 45) {
    await new Promise((r) => setTimeout(r, (61 - Number(p.second)) * 1000));
    p = parts();
  }
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(p.weekday!) + 1;
  return { weekday, hour: Number(p.hour) };
}

describeOnEachBackend('the weekly e-mail report', (backend) => {
  let owner: string;
  const { stack, sink } = useStackAndSmtpSink({
    backend,
    env: { MAIL_PUBLIC_URL: PUBLIC, SITE_TIME_ZONE: TZ },
    setup: async (s) => (owner = await s.login()),
  });
  const view = async (token = owner) => {
    const res = await stack.api('/api/marketing-dashboard/weekly-report', { token });
    expect(res.status).toBe(200);
    return (await res.json()) as WeeklyReportView;
  };
  const put = (body: unknown, token = owner) =>
    stack.api('/api/marketing-dashboard/weekly-report', { method: 'PUT', token, body });

  it('is off at first, checks what an owner sets, and lets only an owner change it', async () => {
    const first = await view();
    expect(first).toMatchObject({
      enabled: false,
      weekday: 1,
      hour: 8,
      timeZone: TZ,
      recipients: [],
      lastReport: null,
    });
    expect(first.canEdit).toBe(true);
    const admin = first.accounts.find((a) => a.username === stack.admin.username)!;

    const bad = await put({ enabled: true, weekday: 0, hour: 24, recipients: [{ staffId: admin.id, email: 'nope' }] });
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as Envelope).error.details?.fields ?? {};
    expect(Object.keys(fields).sort()).toEqual(['hour', 'recipients.0.email', 'weekday']);
    const none = await put({ enabled: true, weekday: 1, hour: 8, recipients: [] });
    expect(((await none.json()) as Envelope).error.details?.fields).toEqual({
      recipients: ['Choose at least one recipient to turn the report on'],
    });
    const unknown = await put({
      enabled: false,
      weekday: 1,
      hour: 8,
      recipients: [{ staffId: 99999, email: 'x@example.com' }],
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as Envelope).error.details?.fields).toEqual({
      'recipients.0.staffId': ['Choose an enabled staff account'],
    });

    const password = 'Weekly-figures-2026!';
    expect(
      (
        await stack.api('/api/marketing/staff', {
          token: owner,
          body: { username: 'sam.staff', password, role: 'staff' },
        })
      ).status,
    ).toBe(201);
    const login = await stack.api('/api/marketing/auth/login', { body: { username: 'sam.staff', password } });
    const staff = ((await login.json()) as { token: string }).token;
    expect((await view(staff)).canEdit).toBe(false);
    const refused = await put({ enabled: false, weekday: 1, hour: 8, recipients: [] }, staff);
    expect(refused.status).toBe(403);
  });

  it("sends last week's figures to each recipient once when its slot comes, and a test copy on demand", async () => {
    // Last week: a newsletter visitor reads lot 7's page and sends a form naming it; a direct visit.
    // The week before: one direct visit.
    const reader = crypto.randomUUID();
    const batch: PageviewsRecorded = {
      ...eventMeta(),
      hits: [
        pageviewHit({ at: noonDaysAgo(3), path: '/', sessionId: reader, utmSource: 'newsletter' }),
        pageviewHit({ at: noonDaysAgo(3).replace('19:00', '19:01'), path: '/lots/7', sessionId: reader }),
        pageviewHit({ at: noonDaysAgo(2), path: '/', sessionId: crypto.randomUUID() }),
        pageviewHit({ at: noonDaysAgo(10), path: '/', sessionId: crypto.randomUUID() }),
      ],
    };
    await stack.platform.bus.publish(SUBJECTS.pageviewsRecorded, batch, { msgId: batch.id });
    const lead: SubmissionReceived = {
      ...eventMeta(crypto.randomUUID(), new Date(noonDaysAgo(3).replace('19:00', '19:02'))),
      idempotencyKey: crypto.randomUUID(),
      submission: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '(928) 555-0100',
        email: 'ada@example.com',
        interest: null,
        message: null,
        source: 'lot-page',
        topic: null,
        page: '/lots/7',
        lotNumber: 7,
        sessionId: reader,
        country: null,
        region: null,
        city: null,
      },
    };
    await stack.platform.bus.publish(SUBJECTS.submissionReceived, lead, { msgId: lead.id });
    const period = `from=${addDays(siteDayOf(new Date(), TZ), -7)}&to=${addDays(siteDayOf(new Date(), TZ), -1)}`;
    await eventually(
      async () => {
        const [web, leads] = await Promise.all(
          ['web-analytics', 'leads-by-source'].map(async (p) =>
            (await stack.api(`/api/marketing-dashboard/${p}?${period}`, { token: owner })).json(),
          ),
        );
        return (web as { pageviews: number }).pageviews === 3 &&
          (leads as { sources: { leads: number }[] }).sources.length === 1
          ? true
          : undefined;
      },
      20_000,
      'the seeded week stored',
    );

    const accounts = (await view()).accounts;
    const id = (name: string) => accounts.find((a) => a.username === name)!.id;
    const slot = await thisHour();
    const saved = await put({
      enabled: true,
      ...slot,
      recipients: [
        { staffId: id(stack.admin.username), email: 'owner@example.com' },
        { staffId: id('sam.staff'), email: 'Sam@Example.com ' },
      ],
    });
    expect(saved.status).toBe(200);

    const mail = await eventually(
      async () => (sink.messages.length >= 2 ? sink.messages : undefined),
      20_000,
      'the weekly report in the sink',
    );
    expect(mail.map((m) => m.to).sort()).toEqual(['owner@example.com', 'sam@example.com']);
    const { parsed } = mail[0]!;
    expect(parsed.subject).toMatch(/^Lake Powell Lots weekly report, .*: 2 visits, 1 leads$/);
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(parsed.text).toMatch(/Visits\s+2\s+\(week before 1, \+100%\)/);
    expect(parsed.text).toMatch(/Page views\s+3\s+\(week before 1, \+200%\)/);
    expect(parsed.text).toMatch(/Leads \(form submissions\)\s+1\s+\(week before 0, new\)/);
    expect(parsed.text).toMatch(/newsletter\s+1\s+\(week before 0, new\)\n\s+1 lead/);
    expect(parsed.text).toMatch(/Direct \/ none\s+1\s+\(week before 1, no change\)/);
    expect(parsed.text).toMatch(
      /Lot 7\s+1\s+\(week before 0, new\)\n\s+0 map clicks \(no change\), 1 page views \(new\)/,
    );
    expect(parsed.html).toContain(`${PUBLIC}/marketing/analytics?${period.replace('&', '&amp;')}&amp;compare=previous`);

    // Looked at again (a settings change asks at once): the week has its report, nothing more goes.
    expect(
      (
        await put({
          enabled: true,
          ...slot,
          recipients: (await view()).recipients.map(({ staffId, email }) => ({ staffId, email })),
        })
      ).status,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(sink.messages).toHaveLength(2);
    const after = await view();
    expect(after.lastReport).toMatchObject({
      slotDay: siteDayOf(new Date(), TZ),
      status: 'sent',
      sentTo: 2,
      detail: null,
    });
    expect(after.recipients.map((r) => [r.email, r.account])).toEqual([
      ['owner@example.com', 'active'],
      // Trimmed, kept as typed (the sink reads the envelope in lower case).
      ['Sam@Example.com', 'active'],
    ]);
    const audit = ((await (await stack.api('/api/marketing/audit?limit=20', { token: owner })).json()) as AuditPage)
      .entries;
    expect(audit.find((e) => e.action === 'weekly_report.update')).toMatchObject({
      outcome: 'done',
      details: expect.objectContaining({ enabled: true, recipients: [stack.admin.username, 'sam.staff'] }),
    });

    const test = await stack.api('/api/marketing-dashboard/weekly-report/test', {
      token: owner,
      body: { email: 'me@example.com' },
    });
    expect(test.status).toBe(200);
    expect(await test.json()).toEqual({ delivered: true, detail: 'The mail relay accepted it for me@example.com.' });
    const copy = sink.messages.find((m) => m.to === 'me@example.com');
    expect(copy?.parsed.subject).toMatch(/^\[Test\] Lake Powell Lots weekly report/);
    expect((await view()).lastReport?.sentTo).toBe(2);
  });
});

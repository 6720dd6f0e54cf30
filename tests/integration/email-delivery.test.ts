/**
 * Broadcasts that really deliver, across the real boundaries: templates saved through the API,
 * a single send answered 202 → MAIL stream → mailer → crm audience → a real SMTP server on
 * loopback. Asserts what recipients get (personalisation, one-click unsubscribe headers, the
 * visible unsubscribe link, the postal address, signed tracking links), that unsubscribed and
 * bounced contacts are never mailed, opens/clicks/unsubscribes through the public links, SMTP
 * failures (4xx retried, 5xx failed with the reason), and the provider webhook.
 */
import { expect, it } from 'vitest';
import {
  site,
  type Campaign,
  type CampaignDetail,
  type CampaignRecipientsPage,
  type CampaignReport,
  type ContactHistory,
  type EmailAnalytics,
  type InboxEmail,
  type InboxPage,
  type Template,
} from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { useStackAndSmtpSink } from '../support/fixtures.ts';

const PUBLIC = 'https://mail.lakepowell.test';
const WEBHOOK_SECRET = 'webhook-secret-0123456789';

async function addContacts(knex: Knex, listName: string, people: [string, string, string, string][]) {
  const [list] = await knex
    .withSchema('crm')
    .table('lists')
    .insert({ name: listName })
    .returning<{ id: number }[]>('id');
  for (const [first, last, email, status] of people) {
    const [c] = await knex
      .withSchema('crm')
      .table('contacts')
      .insert({ first_name: first, last_name: last, email, status, source: 'test' })
      .returning<{ id: number }[]>('id');
    await knex.withSchema('crm').table('list_members').insert({ list_id: list!.id, contact_id: c!.id });
  }
  return list!.id;
}

describeOnEachBackend('email delivery', (backend) => {
  let token: string;
  let knex: Knex;
  const { stack, sink } = useStackAndSmtpSink({
    backend,
    env: { MAIL_PUBLIC_URL: PUBLIC, WEBHOOK_SECRET, MAIL_SEND_RATE: '0' },
    setup: async (s) => {
      token = await s.login();
      knex = s.platform.db.knex;
    },
  });

  const local = (url: string) => url.replace(PUBLIC, stack.baseUrl);
  const campaign = async (id: number) =>
    (await (await stack.api(`/api/marketing/campaigns/${id}`, { token })).json()) as CampaignDetail;
  const contactStatus = async (email: string) =>
    ((await knex.withSchema('crm').table('contacts').where({ email }).first('status')) as { status: string }).status;
  const send = async (body: Record<string, unknown>) => {
    const res = await stack.api('/api/marketing/single-send', {
      token,
      body: { fromName: 'Lake Powell Lots', fromEmail: site.email, ...body },
    });
    expect(res.status).toBe(202);
    return ((await res.json()) as { campaignId: number }).campaignId;
  };
  const finished = (id: number) =>
    eventually(
      async () => {
        const c = await campaign(id);
        return c.status === 'completed' ? c : undefined;
      },
      20_000,
      `campaign ${id} to complete`,
    );

  it('saves templates with sanitised HTML and refuses an unknown merge tag', async () => {
    const bad = await stack.api('/api/marketing/templates', {
      token,
      body: { name: 'T', subject: 'Hi {{nickname}}', content: '<p>x</p>' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('Unknown merge tag: {{nickname}}');
    const res = await stack.api('/api/marketing/templates', {
      token,
      body: {
        name: 'Spring lots',
        subject: 'Hello {{firstName}}',
        content: '<p onclick="x()">Hi {{firstName}}</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      },
    });
    expect(res.status).toBe(201);
    const t = (await res.json()) as Template;
    expect(t.category).toBe('Custom');
    expect(t.content).toBe('<p>Hi {{firstName}}</p><a>x</a>');
    const dup = (await (
      await stack.api(`/api/marketing/templates/${t.id}/duplicate`, { token, method: 'POST' })
    ).json()) as Template;
    expect(dup.name).toBe('Spring lots (Copy)');
    const invalid = await stack.api('/api/marketing/templates/2147483648', { token, method: 'PUT', body: {} });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(await invalid.json())).toContain(
      'Invalid template ID. Please go back to templates and try again.',
    );
  });

  it("refuses, naming the tag, a template, a send or a test send using anything but the product's own fields", async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['/api/marketing/templates', { name: 'T', subject: 'Hi {{constructor}}', content: '<p>x</p>' }],
      ['/api/marketing/templates', { name: 'T', subject: 'Hi', content: '<p>{{ toString }}</p>' }],
      [
        '/api/marketing/single-send',
        {
          fromName: 'Lots',
          fromEmail: site.email,
          subject: 'Hi',
          previewText: '{{__proto__}}',
          content: '<p>x</p>',
          recipients: ['x@example.com'],
        },
      ],
      [
        '/api/marketing/test-send',
        {
          fromName: 'Lots',
          fromEmail: site.email,
          subject: 'Hi {{constructor}}',
          content: '<p>x</p>',
          to: 'me@example.com',
        },
      ],
    ];
    for (const [path, body] of cases) {
      const res = await stack.api(path, { token, body });
      expect(res.status, path).toBe(400);
      const { error } = (await res.json()) as { error: { message: string; code: string } };
      expect(JSON.stringify(error)).toMatch(
        /Unknown merge tag: \{\{(constructor|toString|__proto__)\}\}\. Use one of \{\{firstName\}\}/,
      );
    }
    expect(sink.messages.filter((m) => m.to === 'me@example.com')).toHaveLength(0);
  });

  it('delivers a test send whose preview text is markup as text: no element of it reaches the message', async () => {
    const hostile =
      '</div><script>alert(1)</script><img src=https://evil.example/x.png onerror=alert(1)><form action=https://evil.example>';
    const res = await stack.api('/api/marketing/test-send', {
      token,
      body: {
        fromName: 'Lake Powell Lots',
        fromEmail: site.email,
        subject: 'Preview {{firstName}}',
        previewText: hostile,
        content: '<p>Hi {{firstName}}</p>',
        to: 'preview@example.com',
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ delivered: true });
    const got = await eventually(
      async () => sink.messages.find((m) => m.to === 'preview@example.com'),
      10_000,
      'the test send',
    );
    expect(got.parsed.subject).toBe('[Test] Preview Test');
    const html = String(got.parsed.html);
    expect(html).not.toMatch(/<script|<img src=https:\/\/evil|<form/i);
    expect(html).toContain('&lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<p>Hi Test</p>');
    // The broadcasts below count what the sink received.
    sink.messages.splice(sink.messages.indexOf(got), 1);
  });

  it('delivers a personalised broadcast with unsubscribe headers, footer and tracking, never to suppressed contacts', async () => {
    const listId = await addContacts(knex, 'Spring', [
      ['Alice', 'Yazzie', 'alice@example.com', 'subscribed'],
      ['Bob', 'Begay', 'bob@example.com', 'subscribed'],
      ['Carol', 'Tso', 'carol@example.com', 'unsubscribed'],
      ['Dave', 'Nez', 'dave@example.com', 'bounced'],
    ]);
    const id = await send({
      listId,
      subject: 'Lots for you, {{firstName}}',
      previewText: 'New lots near the lake',
      content:
        '<p>Hi {{firstName}} {{lastName}},</p><p><a href="https://lakepowelllots.com/lots?a=1&amp;b=2">See the lots</a></p>',
    });
    const done = await finished(id);
    expect(done.sent_count).toBe(2);
    expect(done.total_recipients).toBe(2);
    expect(sink.messages.map((m) => m.to).sort()).toEqual(['alice@example.com', 'bob@example.com']);

    const alice = sink.messages.find((m) => m.to === 'alice@example.com')!.parsed;
    expect(alice.subject).toBe('Lots for you, Alice');
    const html = String(alice.html);
    expect(html).toContain('Hi Alice Yazzie,');
    expect(html).toContain(site.postalAddress);
    const header = (name: string) =>
      alice.headerLines
        .find((h) => h.key === name)
        ?.line.replace(/\r?\n[ \t]+/g, ' ')
        .replace(/^[^:]+:\s*/, '');
    const unsubscribeUrl = /^<([^>]+)>$/.exec(header('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(unsubscribeUrl).toMatch(new RegExp(`^${PUBLIC}/unsubscribe/`));
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header('list-id')).toMatch(/^Lake Powell Lots <broadcasts\.[a-z0-9.-]+>$/);
    expect(html).toContain(`href="${unsubscribeUrl}"`);
    expect(alice.text).toContain(site.postalAddress);
    // The link is tracked: the message points at a signed redirect, not at the page itself.
    expect(html).not.toContain('href="https://lakepowelllots.com/lots');
    const click = /href="([^"]*\/e\/c\/[^"]+)"/.exec(html)![1]!;
    const pixel = /src="([^"]*\/e\/o\/[^"]+)"/.exec(html)![1]!;

    // People open and click a while after the message arrives; within seconds of sending it is a
    // machine's (services/mailer/src/tracking/machine-hits.ts).
    await knex
      .withSchema('mailer')
      .table('deliveries')
      .where({ campaign_id: id })
      .update({ sent_at: knex.raw("sent_at - interval '1 hour'") });
    const redirect = await fetch(local(click), {
      redirect: 'manual',
      headers: { 'user-agent': 'Mozilla/5.0 (Macintosh) Chrome/130' },
    });
    expect(redirect.status).toBe(302);
    // A link checker's HEAD is redirected too and not recorded; a script's GET is a scanner click.
    expect((await fetch(local(click), { method: 'HEAD', redirect: 'manual' })).status).toBe(302);
    await fetch(local(click), { redirect: 'manual', headers: { 'user-agent': 'python-requests/2.31.0' } });
    // A link to the seller's site carries the campaign, so the visit and any lead are attributed to it.
    const landing = new URL(redirect.headers.get('location')!);
    expect(`${landing.origin}${landing.pathname}`).toBe('https://lakepowelllots.com/lots');
    expect(Object.fromEntries(landing.searchParams)).toMatchObject({ a: '1', b: '2', utm_medium: 'email' });
    const forged = await fetch(local(click.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))), { redirect: 'manual' });
    expect(forged.status).toBe(404);

    const human = await fetch(local(pixel), { headers: { 'user-agent': 'Mozilla/5.0 (Macintosh) Chrome/130' } });
    expect(human.headers.get('content-type')).toBe('image/gif');
    await fetch(local(pixel), { headers: { 'user-agent': 'Mozilla/5.0' } }); // Apple MPP prefetch
    await fetch(local(pixel), { headers: { 'user-agent': 'Mozilla/5.0 (Macintosh) Chrome/130' } });
    // The gateway answered at once; the mailer records the opens and the click off the stream.
    const tracked = await eventually(
      async () => {
        const c = await campaign(id);
        return c.totalOpens === 3 && c.totalClicks === 1 && c.scannerClicks === 1 ? c : undefined;
      },
      10_000,
      'the opens and the click recorded',
    );
    expect(tracked).toMatchObject({
      delivered: 2,
      uniqueOpens: 1,
      totalOpens: 3,
      proxyOpens: 1,
      uniqueClicks: 1,
      totalClicks: 1,
      scannerClicks: 1,
    });
    // The HEAD was never recorded: one human click and one scanner click in all.
    const clicks = await knex.withSchema('mailer').table('tracking_events').where({ campaign_id: id, kind: 'click' });
    expect(clicks).toHaveLength(2);

    // The report: the link with its one person, and the recipients by what they did, as a page and as CSV.
    const report = (await (
      await stack.api(`/api/marketing/campaigns/${id}/report`, { token })
    ).json()) as CampaignReport;
    expect(report.links).toEqual([
      { idx: 0, url: expect.stringContaining('https://lakepowelllots.com/lots'), uniqueClicks: 1, totalClicks: 1 },
    ]);
    expect(report.timeline.reduce((n, p) => n + p.opens, 0)).toBe(2);
    // The message as written comes with it, for the preview that marks each link's clicks (the
    // href as written, its & an entity; the link's address decoded, as the mailer matched it).
    expect(report.content).toContain(`href="${report.links[0]!.url.replaceAll('&', '&amp;')}"`);
    const opened = (await (
      await stack.api(`/api/marketing/campaigns/${id}/recipients?filter=opened`, { token })
    ).json()) as CampaignRecipientsPage;
    expect(opened).toMatchObject({ total: 1, next: null, items: [{ email: 'alice@example.com' }] });
    const notOpened = (await (
      await stack.api(`/api/marketing/campaigns/${id}/recipients?filter=not_opened&search=BOB`, { token })
    ).json()) as CampaignRecipientsPage;
    expect(notOpened.items.map((r) => r.email)).toEqual(['bob@example.com']);
    const badFilter = await stack.api(`/api/marketing/campaigns/${id}/recipients?filter=maybe`, { token });
    expect(badFilter.status).toBe(400);
    const csv = await stack.api(`/api/marketing/campaigns/${id}/recipients/export?filter=clicked`, { token });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('email,first_name,last_name,status,sent_at,opened_at,clicked_at,bounced_at,unsubscribed_at');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['alice@example.com']);
    expect((await stack.api(`/api/marketing/campaigns/999999/report`, { token })).status).toBe(404);
    expect(tracked.open_rate).toBe(50);
    expect(tracked.click_rate).toBe(50);

    // GET (a link scanner) shows the page and unsubscribes nobody; a one-click POST without cookies does.
    const page = await fetch(local(unsubscribeUrl));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post">');
    expect(await contactStatus('alice@example.com')).toBe('subscribed');
    const oneClick = await fetch(local(unsubscribeUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You are unsubscribed');
    await eventually(
      async () => ((await contactStatus('alice@example.com')) === 'unsubscribed' ? true : undefined),
      5000,
    );

    sink.messages.length = 0;
    const again = await send({ listId, subject: 'Second', content: '<p>Again {{firstName}}</p>' });
    await finished(again);
    expect(sink.messages.map((m) => m.to)).toEqual(['bob@example.com']);

    const analytics = (await (
      await stack.api('/api/marketing-dashboard/email-analytics?days=30', { token })
    ).json()) as EmailAnalytics;
    expect(analytics.totalSent).toBe(3);
    expect(analytics.openRate).toBe(33.3);
    // One point per day: the first send was dated an hour back above, so after midnight in the
    // site's time zone it falls on yesterday's point.
    expect(analytics.series.reduce((n, d) => n + d.sent, 0)).toBe(3);
    expect(analytics.series.slice(-2).reduce((n, d) => n + d.sent, 0)).toBe(3);
  });

  it('follows up a completed campaign to those who did not open it, once each, and refuses what cannot be', async () => {
    const listId = await addContacts(knex, 'Follow-up', [
      ['Fern', 'Yazzie', 'fern@example.com', 'subscribed'],
      ['Gus', 'Begay', 'gus@example.com', 'subscribed'],
      ['Hal', 'Tso', 'hal@example.com', 'subscribed'],
    ]);
    const id = await send({ listId, subject: 'Lot 9 is open', content: '<p>Hi {{firstName}}</p>' });
    await finished(id);
    await knex
      .withSchema('mailer')
      .table('deliveries')
      .where({ campaign_id: id })
      .update({ sent_at: knex.raw("sent_at - interval '1 hour'") });
    const pixelOf = (to: string) =>
      local(/src="([^"]*\/e\/o\/[^"]+)"/.exec(String(sink.messages.find((m) => m.to === to)!.parsed.html))![1]!);
    // Fern opens it; Gus's mail app only prefetched it (a machine open): Gus and Hal did not open it.
    await fetch(pixelOf('fern@example.com'), { headers: { 'user-agent': 'Mozilla/5.0 (Macintosh) Chrome/130' } });
    await fetch(pixelOf('gus@example.com'), { headers: { 'user-agent': 'Mozilla/5.0' } });
    await eventually(async () => ((await campaign(id)).totalOpens === 2 ? true : undefined), 10_000, 'two opens');

    const followUp = (campaignId: number, body: Record<string, unknown>) =>
      stack.api(`/api/marketing/campaigns/${campaignId}/follow-up`, { token, body });
    const bad = await followUp(id, { who: 'not_opened', subject: '', delayHours: 400 });
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { error: { details: { fields: Record<string, string[]> } } };
    expect(Object.keys(badBody.error.details.fields).sort()).toEqual(['delayHours', 'subject']);
    expect((await followUp(999_999, { who: 'not_opened', subject: 'Again', delayHours: 0 })).status).toBe(404);

    const before = sink.messages.length;
    const res = await followUp(id, { who: 'not_opened', subject: 'Lot 9: still open, {{firstName}}', delayHours: 0 });
    expect(res.status).toBe(202);
    const { campaignId } = (await res.json()) as { campaignId: number };
    const second = await finished(campaignId);
    expect(second).toMatchObject({
      name: 'Lot 9 is open (to those who did not open)',
      total_recipients: 2,
      followUpOf: { id, who: 'not_opened' },
    });
    const sent = sink.messages.slice(before);
    expect(sent.map((m) => [m.to, m.parsed.subject]).sort()).toEqual([
      ['gus@example.com', 'Lot 9: still open, Gus'],
      ['hal@example.com', 'Lot 9: still open, Hal'],
    ]);
    // A follow-up of a campaign that is not done sending is refused.
    const draft = await stack.api('/api/marketing/campaigns', {
      token,
      body: { fromName: 'Lake Powell Lots', fromEmail: site.email, listId, subject: 'Draft', content: '<p>x</p>' },
    });
    const { campaignId: draftId } = (await draft.json()) as { campaignId: number };
    expect((await followUp(draftId, { who: 'not_clicked', subject: 'Again', delayHours: 0 })).status).toBe(409);
    const audit = (await (await stack.api('/api/marketing/audit?limit=20', { token })).json()) as {
      entries: { action: string; target: string }[];
    };
    expect(audit.entries).toContainEqual(
      expect.objectContaining({ action: 'campaign.follow_up', target: `campaign ${id}` }),
    );
  });

  it('starts a scheduled send at its time, not before', async () => {
    const listId = await addContacts(knex, 'Scheduled', [['Ivy', 'E', 'ivy@example.com', 'subscribed']]);
    const at = new Date(Date.now() + 2500);
    const id = await send({ listId, subject: 'Later', content: '<p>Later</p>', scheduledFor: at.toISOString() });
    const waiting = await eventually(async () => {
      const res = await stack.api(`/api/marketing/campaigns/${id}`, { token });
      return res.status === 200 ? ((await res.json()) as CampaignDetail) : undefined;
    });
    expect(waiting.status).toBe('scheduled');
    const done = await finished(id);
    expect(done.sent_count).toBe(1);
    const received = sink.messages.find((m) => m.to === 'ivy@example.com');
    expect(received).toBeDefined();
    expect(received!.parsed.date!.getTime()).toBeGreaterThanOrEqual(at.getTime() - 1000);
  });

  it("shows a scheduled campaign's expected audience before it starts and the exact one once it sends", async () => {
    const listId = await addContacts(knex, 'Expected', [
      ['Jo', 'A', 'expected-jo@example.com', 'subscribed'],
      ['Kai', 'B', 'expected-kai@example.com', 'subscribed'],
      ['Lou', 'C', 'expected-lou@example.com', 'unsubscribed'],
    ]);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const id = await send({ listId, subject: 'Soon', content: '<p>Soon</p>', scheduledFor: later });
    const listed = async () => {
      const all = (await (await stack.api('/api/marketing/campaigns', { token })).json()) as Campaign[];
      return all.find((c) => c.id === id);
    };
    // Counted from crm when stored: the mailable members (the unsubscribed one left out).
    const scheduled = await eventually(async () => {
      const c = await listed();
      return c && c.total_recipients === 2 ? c : undefined;
    });
    expect(scheduled).toMatchObject({ status: 'scheduled', sent_count: 0, recipients_estimated: true });
    // Counted again when it is scheduled: a member added meanwhile is expected too.
    const [mo] = await knex
      .withSchema('crm')
      .table('contacts')
      .insert({
        first_name: 'Mo',
        last_name: 'D',
        email: 'expected-mo@example.com',
        status: 'subscribed',
        source: 'test',
      })
      .returning<{ id: number }[]>('id');
    await knex.withSchema('crm').table('list_members').insert({ list_id: listId, contact_id: mo!.id });
    expect((await stack.api(`/api/marketing/campaigns/${scheduled.id}/pause`, { token, method: 'POST' })).status).toBe(
      200,
    );
    const rescheduled = await stack.api(`/api/marketing/campaigns/${scheduled.id}/schedule`, {
      token,
      body: { scheduledFor: new Date(Date.now() + 1_800_000).toISOString() },
    });
    expect(await rescheduled.json()).toMatchObject({
      status: 'scheduled',
      total_recipients: 3,
      recipients_estimated: true,
    });
    // Started now: the audience is resolved into deliveries and the figure becomes exact.
    await stack.api(`/api/marketing/campaigns/${scheduled.id}/pause`, { token, method: 'POST' });
    await stack.api(`/api/marketing/campaigns/${scheduled.id}/schedule`, { token, body: { scheduledFor: null } });
    const done = await finished(id);
    expect(done).toMatchObject({ sent_count: 3, total_recipients: 3, recipients_estimated: false });
    expect(await listed()).toMatchObject({ sent_count: 3, total_recipients: 3, recipients_estimated: false });
  });

  it('pauses between messages and resumes where it stopped, mailing each recipient once', async () => {
    const people = Array.from(
      { length: 300 },
      (_, i) => [`P${i}`, 'Pause', `pause-${i}@example.com`, 'subscribed'] as [string, string, string, string],
    );
    const listId = await addContacts(knex, 'Pause', people);
    sink.delayMs = 30;
    try {
      const id = await send({ listId, subject: 'Paused', content: '<p>Paused</p>' });
      const received = () => sink.messages.filter((m) => m.to.startsWith('pause-'));
      await eventually(async () => (received().length >= 20 ? true : undefined), 20_000, '20 messages');
      const c = await campaign(id);
      const paused = await stack.api(`/api/marketing/campaigns/${c.id}/pause`, { token, method: 'POST' });
      expect(paused.status).toBe(200);
      // What was already handed to SMTP finishes (on a busy machine that can take a while: wait
      // until nothing is in flight, since the sink has every message before it is marked sent);
      // then nothing new starts.
      await eventually(
        async () => {
          const d = (await campaign(id)).deliveries;
          return (d.sending ?? 0) + (d.claimed ?? 0) === 0 ? true : undefined;
        },
        20_000,
        'the messages in flight at the pause to finish',
      );
      const atPause = received().length;
      await new Promise((r) => setTimeout(r, 1500));
      expect(received().length).toBe(atPause);
      expect(atPause).toBeLessThan(300);
      const held = await campaign(id);
      expect(held.status).toBe('paused');
      expect(held.deliveries.pending).toBe(300 - atPause);
      expect((held.deliveries.sending ?? 0) + (held.deliveries.claimed ?? 0)).toBe(0);
      const resumed = await stack.api(`/api/marketing/campaigns/${c.id}/resume`, { token, method: 'POST' });
      expect(resumed.status).toBe(200);
      const done = await finished(id);
      expect(done.sent_count).toBe(300);
      const counts = new Map<string, number>();
      for (const m of received()) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
      expect(counts.size).toBe(300);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
    } finally {
      sink.delayMs = 0;
    }
  });

  it('fails a recipient on a 5xx reply with the server reason and retries a 4xx one', async () => {
    const listId = await addContacts(knex, 'Failures', [
      ['Erin', 'A', 'erin@example.com', 'subscribed'],
      ['Fay', 'B', 'fay@example.com', 'subscribed'],
    ]);
    sink.rejectWith.set('erin@example.com', { code: 550, message: 'No such mailbox here' });
    sink.rejectWith.set('fay@example.com', { code: 451, message: 'Try again later' });
    const id = await send({ listId, subject: 'Hello', content: '<p>Hello</p>' });
    await eventually(
      async () => {
        // Until the mailer has stored the campaign its page is a 404 without deliveries.
        const c = await campaign(id);
        return c.deliveries?.failed === 1 && c.deliveries.pending === 1 ? c : undefined;
      },
      10_000,
      'one failed, one waiting for its retry',
    );
    const c = await campaign(id);
    expect(c.failures).toEqual([{ email: 'erin@example.com', error: expect.stringContaining('No such mailbox here') }]);
    sink.rejectWith.delete('fay@example.com');
    // The 4xx's back-off is 5 s for the first retry.
    await finished(id);
    expect(sink.messages.filter((m) => m.to === 'fay@example.com')).toHaveLength(1);
  });

  it('sends again, when staff decide it, the messages a crash left of unknown fate, and only those', async () => {
    const people = ['uma', 'vic', 'wes'].map((n) => `${n}.unknown@example.com`);
    for (const email of people)
      await knex
        .withSchema('crm')
        .table('contacts')
        .insert({ email, first_name: 'U', status: 'subscribed', source: 'test' });
    const id = await send({ recipients: people, subject: 'Fate unknown', content: '<p>Hi {{firstName}}</p>' });
    const first = await finished(id);
    expect(sink.messages.filter((m) => people.includes(m.to))).toHaveLength(3);
    const nothingUnknown = await stack.api(`/api/marketing/campaigns/${first.id}/resend-unknown`, {
      token,
      method: 'POST',
    });
    expect(nothingUnknown.status).toBe(409);

    // What a sender killed mid-transaction leaves (the fault suite kills a real one): two
    // deliveries marked unknown by the sweep, never resent on their own.
    await knex
      .withSchema('mailer')
      .table('deliveries')
      .where({ campaign_id: first.id })
      .whereIn('email', people.slice(0, 2))
      .update({ status: 'unknown', error: 'the sender stopped during the SMTP transaction; not resent' });
    const before = sink.messages.length;
    const res = await stack.api(`/api/marketing/campaigns/${first.id}/resend-unknown`, { token, method: 'POST' });
    expect(res.status).toBe(200);
    const done = await eventually(
      async () => {
        const c = await campaign(id);
        return c.status === 'completed' && (c.deliveries.unknown ?? 0) === 0 ? c : undefined;
      },
      20_000,
      'the unknown ones sent again',
    );
    expect(done.deliveries.sent).toBe(3);
    expect(
      sink.messages
        .slice(before)
        .map((m) => m.to)
        .sort(),
    ).toEqual(people.slice(0, 2));
    const audit = (await (await stack.api('/api/marketing/audit?limit=20', { token })).json()) as {
      entries: { action: string; target: string | null }[];
    };
    expect(audit.entries).toContainEqual(
      expect.objectContaining({ action: 'campaign.resend_unknown', target: `campaign ${first.id}` }),
    );
  });

  it('ingests SendGrid events behind the webhook secret, once per event id', async () => {
    const listId = await addContacts(knex, 'Webhook', [
      ['Gil', 'C', 'gil@example.com', 'subscribed'],
      ['Hana', 'D', 'hana@example.com', 'subscribed'],
      ['Ida', 'E', 'ida@example.com', 'subscribed'],
    ]);
    const id = await send({ listId, subject: 'Hi', content: '<p>Hi</p>' });
    await finished(id);
    const events = [
      {
        email: 'gil@example.com',
        event: 'bounce',
        type: 'bounce',
        reason: '550 5.1.1 unknown user',
        sg_event_id: 'ev-1',
        timestamp: 1,
      },
      { email: 'hana@example.com', event: 'spamreport', sg_event_id: 'ev-2', timestamp: 2 },
      // Refused for now (a soft bounce): counted as one, the contact kept.
      {
        email: 'ida@example.com',
        event: 'bounce',
        type: 'blocked',
        reason: '421 4.7.0 Try again later',
        sg_event_id: 'ev-3',
        timestamp: 3,
      },
    ];
    const wrong = await stack.api('/api/email-events/sendgrid?secret=not-the-secret', { body: events });
    expect(wrong.status).toBe(401);
    const basic = `Basic ${Buffer.from(`sendgrid:${WEBHOOK_SECRET}`).toString('base64')}`;
    for (let i = 0; i < 2; i++) {
      const res = await stack.api('/api/email-events/sendgrid', { body: events, headers: { authorization: basic } });
      expect(res.status).toBe(200);
    }
    const res = await stack.api(`/api/email-events/sendgrid?secret=${WEBHOOK_SECRET}`, { body: [events[0]] });
    expect(res.status).toBe(200);
    await eventually(async () => ((await contactStatus('gil@example.com')) === 'bounced' ? true : undefined), 5000);
    await eventually(
      async () => ((await contactStatus('hana@example.com')) === 'unsubscribed' ? true : undefined),
      5000,
    );
    // Each event once, though the batch came twice and ev-1 a third time.
    const kinds = await eventually(async () => {
      const rows = (await knex
        .withSchema('mailer')
        .table('tracking_events')
        .whereIn('event_key', ['sendgrid:ev-1', 'sendgrid:ev-2'])
        .select('kind')) as { kind: string }[];
      return rows.length >= 2 ? rows.map((r) => r.kind).sort() : undefined;
    }, 5000);
    expect(kinds).toEqual(['bounce', 'complaint']);
    const list = (await (await stack.api('/api/marketing/campaigns', { token })).json()) as Campaign[];
    expect(list.find((c) => c.id === id)).toMatchObject({ status: 'completed', sent_count: 3 });
    const report = await eventually(async () => {
      const r = (await (await stack.api(`/api/marketing/campaigns/${id}/report`, { token })).json()) as CampaignReport;
      return r.bounced === 2 ? r : undefined;
    }, 5000);
    expect(report).toMatchObject({ bounced: 2, hardBounces: 1, softBounces: 1, complaints: 1 });
    expect(await contactStatus('ida@example.com')).toBe('subscribed');
  });

  it('links a reply to the broadcast it answers: the inbox names the campaign', async () => {
    const listId = await addContacts(knex, 'Replies', [['Una', 'Long', 'una@example.com', 'subscribed']]);
    const id = await send({ listId, subject: 'Lake view lots', content: '<p>Hi {{firstName}}</p>' });
    await finished(id);
    const sent = sink.messages.find((m) => m.to === 'una@example.com')!.parsed;
    const messageId = sent.messageId!;
    // Unique beyond this install (the campaign's random token) and on the sender's domain.
    expect(messageId).toMatch(
      new RegExp(`^<[0-9a-f]{32}\\.d\\d+\\.c\\d+@${site.email.split('@')[1]!.replaceAll('.', '\\.')}>$`),
    );
    const campaignId = Number(/\.c(\d+)@/.exec(messageId)![1]);
    const row = (await knex.withSchema('mailer').table('campaigns').where({ id: campaignId }).first('name')) as {
      name: string;
    };
    const reply = [
      'From: Una Long <una@example.com>',
      `To: ${site.email}`,
      'Subject: Re: Lake view lots',
      'Message-ID: <reply-una-1@example.com>',
      `In-Reply-To: ${messageId}`,
      `References: ${messageId}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Is lot 12 still available?',
      '',
    ].join('\r\n');
    const posted = await fetch(`${stack.baseUrl}/api/inbound/raw?secret=${WEBHOOK_SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: reply,
    });
    expect(posted.status).toBe(200);
    const summary = await eventually(
      async () => {
        const page = (await (
          await stack.api('/api/marketing-dashboard/inbox?q=lot%2012', { token })
        ).json()) as InboxPage;
        return page.emails[0];
      },
      15_000,
      'the reply in the inbox',
    );
    const detail = (await (
      await stack.api(`/api/marketing-dashboard/inbox/${summary.id}`, { token })
    ).json()) as InboxEmail;
    expect(detail).toMatchObject({ campaignId, campaignName: row.name, campaignSubject: 'Lake view lots' });

    // The same numbers under another token are another install's (or a restored database's) mail.
    const forged = messageId.replace(/^<[0-9a-f]{32}/, `<${'0'.repeat(32)}`);
    const other = reply
      .replace('<reply-una-1@example.com>', '<reply-una-2@example.com>')
      .replaceAll(messageId, forged)
      .replace('Is lot 12 still available?', 'Is lot 14 still available?');
    const again = await fetch(`${stack.baseUrl}/api/inbound/raw?secret=${WEBHOOK_SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: other,
    });
    expect(again.status).toBe(200);
    const unlinked = await eventually(
      async () => {
        const page = (await (
          await stack.api('/api/marketing-dashboard/inbox?q=lot%2014', { token })
        ).json()) as InboxPage;
        return page.emails[0];
      },
      15_000,
      'the second reply in the inbox',
    );
    const otherDetail = (await (
      await stack.api(`/api/marketing-dashboard/inbox/${unlinked.id}`, { token })
    ).json()) as InboxEmail;
    expect(otherDetail.campaignId ?? null).toBeNull();
  });

  it("lists a known contact's inbound mail in that contact's View History", async () => {
    await addContacts(knex, 'Writers', [['Jo', 'Yellowhair', 'jo@example.com', 'subscribed']]);
    // A contact as staff add one (the API's sources), so its history reads.
    await knex
      .withSchema('crm')
      .table('contacts')
      .whereIn('email', ['jo@example.com'])
      .update({ source: 'manual_entry' });
    const { id: contactId } = (await knex
      .withSchema('crm')
      .table('contacts')
      .where({ email: 'jo@example.com' })
      .first('id')) as {
      id: number;
    };
    const raw = [
      'From: Jo Yellowhair <JO@example.com>',
      `To: ${site.email}`,
      'Subject: Question about lot 40',
      'Message-ID: <jo-question-1@example.com>',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Does lot 40 have power at the road?',
      '',
    ].join('\r\n');
    const posted = await fetch(`${stack.baseUrl}/api/inbound/raw?secret=${WEBHOOK_SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: raw,
    });
    expect(posted.status).toBe(200);
    const item = await eventually(
      async () => {
        const res = await stack.api(`/api/marketing/contacts/${contactId}/history`, { token });
        const history = (await res.json()) as ContactHistory;
        return history.items.find((i) => i.type === 'email_received');
      },
      15_000,
      'the message in the history',
    );
    expect(item).toMatchObject({
      type: 'email_received',
      subject: 'Question about lot 40',
      snippet: 'Does lot 40 have power at the road?',
    });
    // Another contact's history does not show it.
    await addContacts(knex, 'Quiet', [['Kim', 'Bah', 'kim@example.com', 'subscribed']]);
    await knex
      .withSchema('crm')
      .table('contacts')
      .where({ email: 'kim@example.com' })
      .update({ source: 'manual_entry' });
    const kim = (await knex.withSchema('crm').table('contacts').where({ email: 'kim@example.com' }).first('id')) as {
      id: number;
    };
    const other = (await (
      await stack.api(`/api/marketing/contacts/${kim.id}/history`, { token })
    ).json()) as ContactHistory;
    expect(other.items.filter((i) => i.type === 'email_received')).toEqual([]);
  });
});

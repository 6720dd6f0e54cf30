/**
 * A/B subject tests end to end, on each backend: a single send with an `abTest` → the mailer
 * splits the audience → both variants to an SMTP sink, the rest held → the winner picked by
 * people's opens once its time has come (machine opens left out), or by hand through the API →
 * the rest sent the winner. Nobody is mailed twice, nobody gets both variants.
 */
import { expect, it } from 'vitest';
import { site, type Campaign, type CampaignDetail } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { useStackAndSmtpSink } from '../support/fixtures.ts';

const PUBLIC = 'https://mail.lakepowell.test';
const HUMAN = {
  'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/130 Safari/537.36',
};
/** Apple Mail Privacy Protection's bare user agent: a machine open. */
const MACHINE = { 'user-agent': 'Mozilla/5.0' };

async function addList(knex: Knex, name: string, n: number): Promise<{ listId: number; emails: string[] }> {
  const [list] = await knex.withSchema('crm').table('lists').insert({ name }).returning<{ id: number }[]>('id');
  const emails: string[] = [];
  for (let i = 1; i <= n; i++) {
    const email = `${name.toLowerCase()}-${i}@example.com`;
    const [c] = await knex
      .withSchema('crm')
      .table('contacts')
      .insert({ first_name: `P${i}`, last_name: name, email, status: 'subscribed', source: 'test' })
      .returning<{ id: number }[]>('id');
    await knex.withSchema('crm').table('list_members').insert({ list_id: list!.id, contact_id: c!.id });
    emails.push(email);
  }
  return { listId: list!.id, emails };
}

describeOnEachBackend('A/B subject tests', (backend) => {
  let token: string;
  let knex: Knex;
  const { stack, sink } = useStackAndSmtpSink({
    backend,
    env: { MAIL_PUBLIC_URL: PUBLIC, MAIL_SEND_RATE: '0' },
    setup: async (s) => {
      token = await s.login();
      knex = s.platform.db.knex;
    },
  });

  const campaign = async (id: number) =>
    (await (await stack.api(`/api/marketing/campaigns/${id}`, { token })).json()) as CampaignDetail;
  const send = (body: Record<string, unknown>) =>
    stack.api('/api/marketing/single-send', {
      token,
      body: { fromName: 'Lake Powell Lots', fromEmail: site.email, content: '<p>Hi {{firstName}}</p>', ...body },
    });
  const started = async (body: Record<string, unknown>) => {
    const res = await send(body);
    expect(res.status).toBe(202);
    return ((await res.json()) as { campaignId: number }).campaignId;
  };
  const mailTo = (emails: string[]) => sink.messages.filter((m) => emails.includes(m.to));
  const received = (emails: string[], n: number) =>
    eventually(async () => (mailTo(emails).length >= n ? mailTo(emails) : undefined), 20_000, `${n} messages`);
  const finished = (id: number) =>
    eventually(
      async () => {
        const c = await campaign(id);
        return c.status === 'completed' ? c : undefined;
      },
      20_000,
      `campaign ${id} to complete`,
    );
  const pixelOf = (to: string) =>
    /src="([^"]*\/e\/o\/[^"]+)"/
      .exec(String(sink.messages.find((m) => m.to === to)!.parsed.html))![1]!
      .replace(PUBLIC, stack.baseUrl);
  /** Each address got exactly one message. */
  const onceEach = (emails: string[]) =>
    expect(
      mailTo(emails)
        .map((m) => m.to)
        .sort(),
    ).toEqual([...emails].sort());

  it('sends both variants to their share, holds the rest, and sends it the variant more people opened', async () => {
    const { listId, emails } = await addList(knex, 'Abopens', 20);
    const id = await started({
      listId,
      subject: 'A: Lot 9 is open',
      abTest: {
        variantB: { subject: 'B: Lakefront lot 9, {{firstName}}' },
        testShare: 25,
        winnerBy: 'opens',
        decideAfterHours: 1,
      },
    });
    const tests = await received(emails, 10);
    const bySubject = (prefix: string) => tests.filter((m) => m.parsed.subject!.startsWith(prefix)).map((m) => m.to);
    expect(bySubject('A:')).toHaveLength(5);
    expect(bySubject('B:')).toHaveLength(5);
    // The rest waits for the winner: nothing more is sent, the campaign is not done.
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailTo(emails)).toHaveLength(10);
    const waiting = await campaign(id);
    expect(waiting.status).toBe('active');
    expect(waiting.abTest).toMatchObject({ winner: null, rest: { recipients: 10, sent: 0 } });
    expect(Date.parse(waiting.abTest!.decideAt!)).toBeGreaterThan(Date.now() + 3_500_000);
    // The campaigns table marks it as a test, then with its winner.
    const listed = async () =>
      ((await (await stack.api('/api/marketing/campaigns', { token })).json()) as Campaign[]).find((c) => c.id === id)
        ?.abTestStatus;
    expect(await listed()).toBe('testing');

    // Opens an hour after sending (not prefetch): one person opens A, but three of A's are
    // Apple's proxy; two people open B. B wins 2 to 1.
    await knex
      .withSchema('mailer')
      .table('deliveries')
      .where({ campaign_id: id })
      .update({ sent_at: knex.raw("sent_at - interval '1 hour'") });
    const [a1, a2, a3, a4] = bySubject('A:');
    const [b1, b2] = bySubject('B:');
    await fetch(pixelOf(a1!), { headers: HUMAN });
    for (const to of [a2!, a3!, a4!]) await fetch(pixelOf(to), { headers: MACHINE });
    for (const to of [b1!, b2!]) await fetch(pixelOf(to), { headers: HUMAN });
    await eventually(async () => ((await campaign(id)).totalOpens === 6 ? true : undefined), 10_000, 'six opens');

    // Its time comes.
    await knex.withSchema('mailer').table('campaigns').where({ id }).update({ ab_decide_at: knex.fn.now() });
    const done = await finished(id);
    onceEach(emails);
    const rest = mailTo(emails).filter((m) => !tests.includes(m));
    expect(rest).toHaveLength(10);
    for (const m of rest) expect(m.parsed.subject).toMatch(/^B: Lakefront lot 9, P\d+$/);
    expect(done.abTest).toMatchObject({ winner: 'b', decidedBy: 'auto', rest: { recipients: 10, sent: 10 } });
    expect(await listed()).toBe('b_won');
    expect(done.abTest!.variants).toEqual([
      expect.objectContaining({ variant: 'a', recipients: 5, sent: 5, uniqueOpens: 1, openRate: 20 }),
      expect.objectContaining({ variant: 'b', recipients: 5, sent: 5, uniqueOpens: 2, openRate: 40 }),
    ]);
    expect(done.sent_count).toBe(20);
  });

  it('lets staff pick the winner by hand, once, and refuses an A/B section that is not right', async () => {
    const bad = await send({
      listId: 1,
      subject: 'Same',
      abTest: { variantB: { subject: '' }, testShare: 80, winnerBy: 'soon', decideAfterHours: 0 },
    });
    expect(bad.status).toBe(400);
    const { error } = (await bad.json()) as { error: { details: { fields: Record<string, string[]> } } };
    expect(Object.keys(error.details.fields).sort()).toEqual([
      'abTest.decideAfterHours',
      'abTest.testShare',
      'abTest.variantB.subject',
      'abTest.winnerBy',
    ]);

    const { listId, emails } = await addList(knex, 'Abmanual', 10);
    const id = await started({
      listId,
      subject: 'A: Spring open house',
      abTest: {
        variantB: { subject: 'B: Come see the lots', content: '<p>Variant B for {{firstName}}</p>' },
        testShare: 10,
        winnerBy: 'manual',
        decideAfterHours: 24,
      },
    });
    const tests = await received(emails, 2);
    const b = tests.find((m) => m.parsed.subject === 'B: Come see the lots')!;
    expect(b.parsed.text).toContain('Variant B for P');
    const pick = (body: unknown) => stack.api(`/api/marketing/campaigns/${id}/ab-winner`, { token, body });
    expect((await pick({ variant: 'c' })).status).toBe(400);
    const picked = await pick({ variant: 'a' });
    expect(picked.status).toBe(200);
    expect((await pick({ variant: 'b' })).status).toBe(409);
    const done = await finished(id);
    onceEach(emails);
    const rest = mailTo(emails).filter((m) => !tests.includes(m));
    expect(rest.map((m) => m.parsed.subject)).toEqual(Array(8).fill('A: Spring open house'));
    expect(done.abTest).toMatchObject({ winner: 'a', decidedBy: 'staff', contentB: true });
    const audit = (await (await stack.api('/api/marketing/audit?limit=20', { token })).json()) as {
      entries: { action: string; target: string; details: Record<string, unknown> }[];
    };
    expect(audit.entries).toContainEqual(
      expect.objectContaining({ action: 'campaign.ab_winner', target: `campaign ${id}` }),
    );
  });
});

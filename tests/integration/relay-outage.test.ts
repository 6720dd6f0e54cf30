/**
 * The mail relay away mid-broadcast (the SMTP sink taken off its port, open connections cut, for
 * longer than a recipient's 8 attempts take with the test's fast back-off), then back: the
 * campaign pauses with the reason shown by the campaigns API, no recipient's attempts are spent,
 * sending resumes by itself when the relay answers, and nobody gets a message twice: each
 * recipient gets exactly one, but for the few whose message was on a connection the outage cut
 * before the relay's reply (the relay may have taken it): those are `unknown`, never resent on
 * their own. Only the recipient the relay refuses (550) is failed.
 */
import { expect, it } from 'vitest';
import { site, type Campaign, type CampaignDetail } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { useStackAndSmtpSink } from '../support/fixtures.ts';

const RECIPIENTS = 80;
/** A 4xx retry waits 20 ms, doubling: 8 attempts take 2.5 s. The relay stays away for 6 s. */
const RETRY_FIRST_MS = 20;
const OUTAGE_MS = 6_000;
/** The product's default pool and pipeline: the most messages a cut can leave unconfirmed. */
const UNCONFIRMED_MAX = 5 * 4;
const isUnconfirmed = (f: { error: string }) => f.error.includes('not resent');

describeOnEachBackend('a mail relay outage mid-broadcast', (backend) => {
  let token: string;
  let knex: Knex;
  const { stack, sink } = useStackAndSmtpSink({
    sink: { parse: false },
    backend,
    env: {
      MAIL_PUBLIC_URL: 'https://mail.lakepowell.test',
      MAIL_SEND_RATE: '0',
      MAIL_RETRY_FIRST_MS: String(RETRY_FIRST_MS),
      MAIL_RELAY_PROBE_MAX_MS: '500',
    },
    setup: async (s) => {
      token = await s.login();
      knex = s.platform.db.knex;
    },
  });

  const campaign = async (id: number) =>
    (await (await stack.api(`/api/marketing/campaigns/${id}`, { token })).json()) as CampaignDetail;

  it('pauses with the reason, resumes by itself, mails nobody twice, and fails only the refused one', async () => {
    const [list] = await knex
      .withSchema('crm')
      .table('lists')
      .insert({ name: 'Relay' })
      .returning<{ id: number }[]>('id');
    const emails = [...Array.from({ length: RECIPIENTS }, (_, i) => `relay-${i}@example.com`), 'refused@example.com'];
    for (const email of emails) {
      const [c] = await knex
        .withSchema('crm')
        .table('contacts')
        .insert({ first_name: 'R', last_name: 'Relay', email, status: 'subscribed', source: 'test' })
        .returning<{ id: number }[]>('id');
      await knex.withSchema('crm').table('list_members').insert({ list_id: list!.id, contact_id: c!.id });
    }
    sink.rejectWith.set('refused@example.com', { code: 550, message: 'No such mailbox here' });
    sink.delayMs = 40;
    const res = await stack.api('/api/marketing/single-send', {
      token,
      body: {
        fromName: 'Lake Powell Lots',
        fromEmail: site.email,
        listId: list!.id,
        subject: 'Relay',
        content: '<p>Hi</p>',
      },
    });
    expect(res.status).toBe(202);
    const { campaignId: id } = (await res.json()) as { campaignId: number };
    const received = () => sink.messages.filter((m) => m.to.startsWith('relay-') || m.to === 'refused@example.com');
    await eventually(async () => (received().length >= 5 ? true : undefined), 20_000, 'the first messages');

    await sink.stop();
    const paused = await eventually(
      async () => {
        const c = await campaign(id);
        // The first reason may be the cut connection's; the relay's probe then finds it refusing.
        return c.status === 'paused' && c.pausedReason?.includes('ECONNREFUSED') ? c : undefined;
      },
      15_000,
      'the campaign paused with the reason',
    );
    expect(paused.pausedReason).toMatch(
      /^The mail relay is not answering \(.*ECONNREFUSED.*\); sending resumes by itself when it answers$/,
    );
    // The campaigns list says the same.
    const listed = (await (await stack.api('/api/marketing/campaigns', { token })).json()) as Campaign[];
    expect(listed.find((c) => c.id === paused.id)).toMatchObject({
      status: 'paused',
      pausedReason: paused.pausedReason,
    });
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    const during = await campaign(id);
    expect(during.status).toBe('paused');
    // What the cut left unconfirmed is set apart; nothing else is failed.
    expect(during.failures.filter((f) => f.email !== 'refused@example.com' && !isUnconfirmed(f))).toEqual([]);

    await sink.start();
    const done = await eventually(
      async () => {
        const c = await campaign(id);
        return c.status === 'completed' ? c : undefined;
      },
      60_000,
      'the campaign to complete',
    );
    expect(done.pausedReason).toBeNull();
    const counts = new Map<string, number>();
    for (const m of received()) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
    // Nobody is mailed twice.
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    const unconfirmed = done.failures.filter(isUnconfirmed).map((f) => f.email);
    expect(unconfirmed.length).toBeLessThanOrEqual(UNCONFIRMED_MAX);
    // Everyone else has their one message.
    for (let i = 0; i < RECIPIENTS; i++) {
      const email = `relay-${i}@example.com`;
      if (!unconfirmed.includes(email)) expect(counts.get(email), email).toBe(1);
    }
    expect(done.sent_count + unconfirmed.length).toBe(RECIPIENTS);
    expect(done.deliveries.failed).toBe(1);
    expect(done.failures.filter((f) => !isUnconfirmed(f))).toEqual([
      { email: 'refused@example.com', error: expect.stringContaining('No such mailbox here') },
    ]);
    const attempts = (await knex
      .withSchema('mailer')
      .table('deliveries')
      .where({ status: 'sent' })
      .max({ n: 'attempts' })
      .first()) as { n: number };
    // No attempt was spent on the outage: each message went in one.
    expect(Number(attempts.n)).toBe(1);
  }, 120_000);
});

/**
 * The journeys' triggers beyond forms and lists, end to end on both backends: a contact who comes
 * to match a segment after the journey was made enters (one matching before does not; leaving and
 * matching again enters again); a person's click on a campaign's link enters its contact once (a
 * scanner's click, and clicks before the trigger was set, do not); a lead's visitor viewing a
 * lot's page N times (pixel hits through the gateway, the lead's form tying the visitor to the
 * contact) enters the contact with the lot; a staff price change of a lot enters the contact who
 * asked about it, with the lot (a tags-only change does not). The polled triggers are read every
 * second here (JOURNEY_TRIGGER_POLL_SECONDS).
 */
import { expect, it } from 'vitest';
import type { JourneyFormInput, JourneyWithStats, Lot, Segment, Template } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { describeOnEachBackend, sendLotLead } from '../support/stack.ts';
import { CHROME_UA } from '../support/samples.ts';
import { useStackAndSmtpSink } from '../support/fixtures.ts';

const PUBLIC = 'https://mail.lakepowell.test';

/** Retries an assertion until it holds or the time is up (then its last failure is thrown). */
async function until(check: () => unknown, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

type EntryRow = { email: string; entry_key: string; lot_number: number | null };

describeOnEachBackend('journey triggers', (backend) => {
  let token: string;
  let knex: Knex;
  let welcome: number;
  const { stack, sink } = useStackAndSmtpSink({
    backend,
    env: {
      MAIL_PUBLIC_URL: PUBLIC,
      MAIL_SEND_RATE: '0',
      JOURNEY_TRIGGER_POLL_SECONDS: '1',
      PIXEL_HITS_PER_MINUTE: '600',
    },
    setup: async (s) => {
      token = await s.login();
      knex = s.platform.db.knex;
      const res = await s.api('/api/marketing/templates', {
        token,
        body: {
          name: 'Welcome',
          subject: 'Welcome {{firstName}}',
          content: '<p>Hello {{firstName}}. <a href="https://lakepowelllots.com/lots">See the lots</a></p>',
        },
      });
      expect(res.status).toBe(201);
      welcome = ((await res.json()) as Template).id;
    },
  });

  const contact = async (email: string, tags: string[] = []) => {
    const [c] = await knex
      .withSchema('crm')
      .table('contacts')
      .insert({
        first_name: email.split('@')[0],
        last_name: 'Lake',
        email,
        status: 'subscribed',
        source: 'manual_entry',
        tags,
      })
      .returning<{ id: number }[]>('id');
    return c!.id;
  };
  const create = async (form: JourneyFormInput) => {
    const res = await stack.api('/api/marketing/journeys', { token, body: form });
    expect(res.status).toBe(201);
    return (await res.json()) as JourneyWithStats;
  };
  /** A journey whose contacts wait an hour at its first step: its entries stay to be counted. */
  const waiting = (name: string, trigger: JourneyFormInput['trigger']) =>
    create({ name, trigger, steps: [{ id: 'hold', kind: 'wait', seconds: 3600 }] });
  const entries = (journeyId: number): Promise<EntryRow[]> =>
    knex
      .withSchema('mailer')
      .table('journey_entries')
      .where({ journey_id: journeyId })
      .orderBy('id')
      .select('email', 'entry_key', 'lot_number');
  const emailsIn = async (journeyId: number) => (await entries(journeyId)).map((e) => e.email);
  const entered = (trigger: string) =>
    stack.platform.counters.get('mailer_journey_entries_total', { trigger, outcome: 'entered' });
  const segmentRound = async (journeyId: number) =>
    Number(
      (
        (await knex.withSchema('mailer').table('journeys').where({ id: journeyId }).first('segment_round')) as {
          segment_round: number;
        }
      ).segment_round,
    );
  /** Waits until a whole read of the segment began and ended after now (each finished read moves the round on). */
  const readThrough = async (journeyId: number) => {
    const now = await segmentRound(journeyId);
    await until(async () => expect(await segmentRound(journeyId)).toBeGreaterThanOrEqual(now + 2), 20_000);
  };
  const setTags = (id: number, tags: string[]) =>
    knex.withSchema('crm').table('contacts').where({ id }).update({ tags });

  it('lets in a contact who comes to match the segment, not one matching before; leaving and matching again enters again', async () => {
    await contact('before@segjoin.test', ['seg-joiner']);
    const later = await contact('later@segjoin.test');
    const res = await stack.api('/api/marketing/segments', {
      token,
      body: { name: 'Joiners', filter: { conditions: [{ field: 'tag', op: 'has', tag: 'seg-joiner' }] } },
    });
    expect(res.status).toBe(201);
    const segment = (await res.json()) as Segment;
    const j = await waiting('Segment joiners', { kind: 'segment_joined', segmentId: segment.id });
    // The first read records who matches now; nobody enters.
    await readThrough(j.id);
    expect(await emailsIn(j.id)).toEqual([]);
    await setTags(later, ['seg-joiner']);
    await until(async () => expect(await emailsIn(j.id)).toEqual(['later@segjoin.test']), 20_000);
    // Still matching: read again, no second entry.
    await readThrough(j.id);
    expect(await emailsIn(j.id)).toEqual(['later@segjoin.test']);
    // Leaves, is seen gone, then matches again: a new joining.
    await setTags(later, []);
    await readThrough(j.id);
    await setTags(later, ['seg-joiner']);
    await until(async () => expect(await emailsIn(j.id)).toEqual(['later@segjoin.test', 'later@segjoin.test']), 20_000);
    expect(entered('segment_joined')).toBeGreaterThanOrEqual(2);
  });

  it('lets in the contact of a person’s click on the campaign once; not a scanner’s click, nor clicks before the trigger', async () => {
    const listId = (
      await knex.withSchema('crm').table('lists').insert({ name: 'Click trigger' }).returning<{ id: number }[]>('id')
    )[0]!.id;
    const ids: Record<string, number> = {};
    for (const email of ['early@clicks.test', 'human@clicks.test', 'scanner@clicks.test']) {
      ids[email] = await contact(email);
      await knex.withSchema('crm').table('list_members').insert({ list_id: listId, contact_id: ids[email] });
    }
    const mailer = await create({
      name: 'Click source',
      trigger: { kind: 'manual' },
      steps: [{ id: 'hello', kind: 'send', templateId: welcome }],
    });
    await stack.api(`/api/marketing/journeys/${mailer.id}/entries`, { token, body: { listId } });
    const linkOf = (to: string) => {
      const html = String(sink.messages.find((m) => m.to === to)!.parsed.html);
      return /href="([^"]*\/e\/c\/[^"]+)"/.exec(html)![1]!.replace(PUBLIC, stack.baseUrl);
    };
    await until(() => expect(sink.messages.filter((m) => m.to.endsWith('@clicks.test'))).toHaveLength(3), 30_000);
    // An hour after sending, as the tracking sees it (a click seconds after sending is a scanner's).
    await knex
      .withSchema('mailer')
      .table('deliveries')
      .update({ sent_at: knex.raw("sent_at - interval '1 hour'") });
    const click = (to: string, ua: string) =>
      fetch(linkOf(to), { redirect: 'manual', headers: { 'user-agent': ua } }).then((r) => expect(r.status).toBe(302));
    await click('early@clicks.test', CHROME_UA);
    const clicksStored = async (n: number) =>
      until(async () => {
        const [row] = await knex
          .withSchema('mailer')
          .table('tracking_events')
          .where({ kind: 'click' })
          .count({ n: '*' });
        expect(Number(row!.n)).toBeGreaterThanOrEqual(n);
      }, 20_000);
    await clicksStored(1);
    const campaignId = (
      (await knex
        .withSchema('mailer')
        .table('journey_send_campaigns')
        .where({ journey_id: mailer.id })
        .first('campaign_id')) as { campaign_id: number }
    ).campaign_id;
    const j = await waiting('Clickers', { kind: 'link_clicked', campaignId, url: 'https://lakepowelllots.com/lots' });
    const other = await waiting('Other link', {
      kind: 'link_clicked',
      campaignId,
      url: 'https://lakepowelllots.com/elsewhere',
    });
    await click('scanner@clicks.test', 'Mozilla/5.0 (compatible; Barracuda Sentinel)');
    await click('human@clicks.test', CHROME_UA);
    await pause(3000);
    await click('human@clicks.test', CHROME_UA);
    await until(async () => expect(await emailsIn(j.id)).toEqual(['human@clicks.test']), 20_000);
    await pause(5000);
    // Clicked twice: one entry, named by the campaign and the contact.
    expect((await entries(j.id)).map((e) => e.entry_key)).toEqual([`click:${campaignId}:${ids['human@clicks.test']}`]);
    expect(await emailsIn(other.id)).toEqual([]);
  });

  it('lets in the contact whose visitor viewed the lot’s page N times, with the lot; not one with fewer views', async () => {
    await contact('looker@lotviews.test');
    await contact('glancer@lotviews.test');
    const j = await waiting('Lot lookers', { kind: 'lot_viewed', lotNumber: 14, times: 3, days: 7 });
    const looker = crypto.randomUUID();
    const glancer = crypto.randomUUID();
    const view = (sid: string, p: string) =>
      fetch(`${stack.baseUrl}/api/analytics/pixel?${new URLSearchParams({ p, sid })}`, {
        headers: { 'user-agent': CHROME_UA },
      }).then((r) => expect(r.status).toBe(200));
    for (let i = 0; i < 3; i++) await view(looker, '/lots/14');
    await view(glancer, '/lots/14');
    await view(glancer, '/lots/14');
    await view(glancer, '/lots/15');
    const lead = (email: string, sessionId: string) =>
      stack.api('/api/contact', {
        headers: { 'Idempotency-Key': crypto.randomUUID() },
        body: {
          firstName: 'Lee',
          lastName: 'Lake',
          phone: '(928) 555-0101',
          email,
          interest: 'Available Lots',
          message: 'Tell me more',
          source: 'home',
          page: '/contact',
          website: '',
          elapsedMs: 4000,
          sessionId,
        },
      });
    expect((await lead('looker@lotviews.test', looker)).status).toBe(201);
    expect((await lead('glancer@lotviews.test', glancer)).status).toBe(201);
    await until(
      async () => expect(await entries(j.id)).toMatchObject([{ email: 'looker@lotviews.test', lot_number: 14 }]),
      30_000,
    );
    expect((await entries(j.id))[0]!.entry_key).toMatch(/^lot-viewed:14:\d+:\d{4}-\d{2}-\d{2}$/);
    // Read again a few times: the same crossing enters once; the glancer never reaches 3.
    await pause(3000);
    expect(await emailsIn(j.id)).toEqual(['looker@lotviews.test']);
  });

  it('lets in the contact who asked about a lot when staff change its price, with the lot; not on a tags-only change', async () => {
    const LOT = 21;
    await contact('asker@lotchange.test');
    await contact('bystander@lotchange.test');
    expect((await sendLotLead(stack, LOT, 'asker@lotchange.test')).status).toBe(201);
    expect((await sendLotLead(stack, LOT + 1, 'bystander@lotchange.test')).status).toBe(201);
    // The lead is stored before the journey is made (the lot's interest, as crm holds it).
    await until(async () => {
      const [row] = await knex.withSchema('crm').table('form_submissions').where({ lot_number: LOT }).count({ n: '*' });
      expect(Number(row!.n)).toBe(1);
    }, 20_000);
    const j = await waiting('Price watchers', { kind: 'lot_changed', lotNumber: LOT, change: 'price' });
    const lotNow = async () => (await (await stack.api(`/api/marketing/lots/${LOT}`, { token })).json()) as Lot;
    const patch = async (body: Record<string, unknown>) => {
      const res = await stack.api(`/api/marketing/lots/${LOT}`, {
        token,
        method: 'PATCH',
        body: { version: (await lotNow()).version, ...body },
      });
      expect(res.status).toBe(200);
    };
    const before = await lotNow();
    await patch({
      tags: before.tags.includes('featured')
        ? before.tags.filter((t) => t !== 'featured')
        : [...before.tags, 'featured'],
    });
    await pause(3000);
    expect(await entries(j.id)).toEqual([]);
    await patch({ price: before.price + 1000 });
    await until(
      async () => expect(await entries(j.id)).toMatchObject([{ email: 'asker@lotchange.test', lot_number: LOT }]),
      20_000,
    );
    expect((await entries(j.id))[0]!.entry_key).toMatch(/^lot:[0-9a-f-]{36}:\d+$/);
    await pause(1500);
    expect(await emailsIn(j.id)).toEqual(['asker@lotchange.test']);
  });
});

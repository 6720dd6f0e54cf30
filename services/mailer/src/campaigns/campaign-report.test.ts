/**
 * A campaign's report and recipients (read-campaign-report.ts, list-campaign-recipients.ts) from a
 * seeded campaign with known opens, machine opens, scanner clicks, a bounce and an unsubscribe, on
 * the migrated mailer schema (PGlite).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openPglite, type Database } from '@lp/runtime';
import { countFollowUpAudience } from './count-follow-up-audience.ts';
import { listCampaignRecipients } from './list-campaign-recipients.ts';
import { listFollowUpEmails } from './list-follow-up-emails.ts';
import { readCampaignReport } from './read-campaign-report.ts';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));
const SENT = Date.parse('2026-11-20T16:00:00.000Z');
const after = (hours: number) => new Date(SENT + hours * 3_600_000);

describe('a campaign report', () => {
  let db: Database;
  let id = 0;
  const delivery: Record<string, number> = {};

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db.knex, 'mailer', MIGRATIONS);
    const k = db.knex.withSchema('mailer');
    const [c] = await k
      .table('campaigns')
      .insert({ name: 'Spring lots', subject: 'Lots', status: 'completed', sent_count: 5, total_recipients: 6 })
      .returning('id');
    id = (c as { id: number }).id;
    await k
      .table('campaign_links')
      .insert([
        { campaign_id: id, idx: 0, url: 'https://lakepowelllots.com/lots/7' },
        { campaign_id: id, idx: 1, url: 'https://lakepowelllots.com/map' },
        { campaign_id: id, idx: 2, url: 'https://lakepowelllots.com/contact' },
      ])
      .returning('idx');
    const people = ['ann', 'ben', 'cal', 'dee', 'eve', 'fay'];
    for (const [i, name] of people.entries()) {
      const [d] = await k
        .table('deliveries')
        .insert({
          campaign_id: id,
          contact_id: i + 1,
          email: `${name}@example.com`,
          first_name: name[0]!.toUpperCase() + name.slice(1),
          status: name === 'fay' ? 'failed' : 'sent',
          sent_at: name === 'fay' ? null : after(0),
          error: name === 'fay' ? '550 5.1.1 No such user here' : null,
        })
        .returning('id');
      delivery[name] = Number((d as { id: number | string }).id);
    }
    const event = (name: string, kind: string, hours: number, extra: Record<string, unknown> = {}) => ({
      delivery_id: delivery[name],
      campaign_id: id,
      kind,
      event_key: `${kind}:${crypto.randomUUID()}`,
      at: after(hours),
      ...extra,
    });
    await k
      .table('tracking_events')
      .insert([
        event('ann', 'open', 1),
        event('ann', 'open', 30),
        event('ann', 'click', 1.1, { link_idx: 0 }),
        event('ann', 'click', 72, { link_idx: 1 }),
        event('ben', 'open', 0, { is_proxy: true }),
        event('ben', 'click', 0, { link_idx: 0, is_scanner: true }),
        event('ben', 'click', 0, { link_idx: 1, is_scanner: true }),
        event('cal', 'open', 2),
        event('cal', 'click', 2, { link_idx: 0 }),
        event('cal', 'unsubscribe', 2.5),
        event('dee', 'bounce', 0.1),
      ]);
  }, 60_000);
  afterAll(() => db?.close());

  it('counts each link by people, puts the first 48 hours by the hour and the rest by the day, and counts what came back', async () => {
    const r = await readCampaignReport(db.knex, id, 'America/Phoenix');
    expect(r.links).toEqual([
      { idx: 0, url: 'https://lakepowelllots.com/lots/7', uniqueClicks: 2, totalClicks: 2 },
      { idx: 1, url: 'https://lakepowelllots.com/map', uniqueClicks: 1, totalClicks: 1 },
      { idx: 2, url: 'https://lakepowelllots.com/contact', uniqueClicks: 0, totalClicks: 0 },
    ]);
    expect(r.timeline).toEqual([
      { at: '2026-11-20T17:00:00.000Z', unit: 'hour', opens: 1, clicks: 1 },
      { at: '2026-11-20T18:00:00.000Z', unit: 'hour', opens: 1, clicks: 1 },
      { at: '2026-11-21T22:00:00.000Z', unit: 'hour', opens: 1, clicks: 0 },
      // 72 hours after 16:00Z is 2026-11-23 09:00 in Phoenix: that day from its midnight (07:00Z).
      { at: '2026-11-23T07:00:00.000Z', unit: 'day', opens: 0, clicks: 1 },
    ]);
    // Dee's bounce came back; Fay's address was refused for good when sent: both hard.
    expect(r).toMatchObject({ bounced: 2, hardBounces: 2, softBounces: 0, complaints: 0, unsubscribes: 1 });
  });

  it('tells hard bounces from soft ones: refused for good or for now, by the provider or when sent', async () => {
    const k = db.knex.withSchema('mailer');
    const [c] = await k
      .table('campaigns')
      .insert({ name: 'Bounces', subject: 'Lots', status: 'completed' })
      .returning('id');
    const campaignId = (c as { id: number }).id;
    let contactId = 100;
    const sent = async (name: string, status: 'sent' | 'failed', error: string | null = null) => {
      const [d] = await k
        .table('deliveries')
        .insert({
          campaign_id: campaignId,
          contact_id: contactId++,
          email: `${name}@example.net`,
          status,
          error,
          sent_at: status === 'sent' ? after(0) : null,
        })
        .returning('id');
      return Number((d as { id: number | string }).id);
    };
    const bounce = (deliveryId: number, isSoft: boolean) => ({
      delivery_id: deliveryId,
      campaign_id: campaignId,
      kind: 'bounce',
      is_soft: isSoft,
      event_key: `bounce:${crypto.randomUUID()}`,
      at: after(1),
    });
    const hard = await sent('hard', 'sent');
    const soft = await sent('soft', 'sent');
    const softThenHard = await sent('both', 'sent');
    await sent('refused', 'failed', '550 5.1.1 The email account that you tried to reach does not exist');
    await sent('gave-up', 'failed', '421 4.7.0 Try again later, closing connection');
    await sent('delivered', 'sent');
    await k
      .table('tracking_events')
      .insert([bounce(hard, false), bounce(soft, true), bounce(softThenHard, true), bounce(softThenHard, false)]);
    const r = await readCampaignReport(db.knex, campaignId, 'America/Phoenix');
    expect(r).toMatchObject({ bounced: 5, hardBounces: 3, softBounces: 2 });
  });

  it('lists recipients with when a person first opened and clicked, by filter and search, a page at a time', async () => {
    const ask = (filter: 'all' | 'opened' | 'not_opened' | 'clicked' | 'bounced' | 'unsubscribed', search = '') =>
      listCampaignRecipients(db.knex, { id, filter, search, after: null, limit: 50 });
    const all = await ask('all');
    expect(all.total).toBe(6);
    expect(all.items.find((r) => r.email === 'ann@example.com')).toMatchObject({
      status: 'sent',
      openedAt: after(1).toISOString(),
      clickedAt: after(1.1).toISOString(),
      bouncedAt: null,
    });
    // Ben's open was a machine's and his clicks a scanner's: not opened, not clicked.
    expect(all.items.find((r) => r.email === 'ben@example.com')).toMatchObject({ openedAt: null, clickedAt: null });
    const emails = async (f: Parameters<typeof ask>[0], search = '') =>
      (await ask(f, search)).items.map((r) => r.email.split('@')[0]);
    expect(await emails('opened')).toEqual(['ann', 'cal']);
    expect(await emails('not_opened')).toEqual(['ben', 'eve']);
    expect(await emails('clicked')).toEqual(['ann', 'cal']);
    expect(await emails('bounced')).toEqual(['dee', 'fay']);
    expect(await emails('unsubscribed')).toEqual(['cal']);
    expect(await emails('all', 'EV')).toEqual(['eve']);
    expect(await emails('all', '%')).toEqual([]);

    const first = await listCampaignRecipients(db.knex, { id, filter: 'all', search: '', after: null, limit: 4 });
    expect(first.items).toHaveLength(4);
    expect(first.next).toBe(first.items[3]!.deliveryId);
    const second = await listCampaignRecipients(db.knex, {
      id,
      filter: 'all',
      search: '',
      after: first.next,
      limit: 4,
    });
    expect(second.items.map((r) => r.email)).toEqual(['eve@example.com', 'fay@example.com']);
    expect(second).toMatchObject({ next: null, total: 6 });
    const past = await listCampaignRecipients(db.knex, { id, filter: 'all', search: '', after: 1e9, limit: 4 });
    expect(past).toEqual({ items: [], next: null, total: 6 });
  });

  it("finds a follow-up's audience: delivered, not bounced, and no person's open (or click), machine ones aside", async () => {
    const names = async (who: 'not_opened' | 'not_clicked', after = 0, limit = 10) =>
      (await listFollowUpEmails(db.knex, { campaignId: id, who }, after, limit)).map((d) => d.email.split('@')[0]);
    expect(await names('not_opened')).toEqual(['ben', 'eve']);
    expect(await names('not_clicked')).toEqual(['ben', 'eve']);
    expect(await names('not_opened', delivery.ben!)).toEqual(['eve']);
    expect(await names('not_opened', 0, 1)).toEqual(['ben']);
    expect(await countFollowUpAudience(db.knex, { campaignId: id, who: 'not_opened' })).toBe(2);
  });

  it('answers 404 for a campaign that does not exist', async () => {
    await expect(readCampaignReport(db.knex, id + 99, 'America/Phoenix')).rejects.toMatchObject({ status: 404 });
    await expect(
      listCampaignRecipients(db.knex, { id: id + 99, filter: 'all', search: '', after: null, limit: 5 }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

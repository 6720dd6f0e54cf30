/**
 * Who opened or clicked, as crm's segments ask it (list-engaged-contacts.ts), on the migrated
 * mailer schema (PGlite): opens and clicks stored through the gateway's batches (so the machine
 * rules and each contact's last open and click run as in the product), then the contacts worked
 * out by hand for each question, a page at a time; and the migration's fill of the last open and
 * click from events stored before it.
 *
 * Campaign A went out 40 days ago to contacts 1–4, campaign B 3 days ago to contacts 2, 3 and 5.
 * - 1 opened A 39 days ago (a person);
 * - 2's open of A was a privacy proxy's; 2 opened B 2 days ago (a person);
 * - 3's open of B came 2 s after sending (a prefetch); 3 clicked B a day ago (a person);
 * - 4 clicked a link of A, then another link a second later in a later batch: a scanner's burst,
 *   so 4's click, counted at first, no longer is;
 * - 5 did nothing.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngagedContactsInput, TrackingHit } from '@lp/contracts';
import { migrate, openPglite, type Database } from '@lp/runtime';
import { recordTrackingHits } from '../tracking/record-tracking-hits.ts';
import { down, up } from '../migrations/20261129180000_create-contact-engagement.ts';
import { listEngagedContacts } from './list-engaged-contacts.ts';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));
const PERSON =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** Apple Mail Privacy Protection's fetch carries no more than this. */
const PROXY = 'Mozilla/5.0';
const DAY = 86_400_000;

let db: Database;
const campaigns = { a: 0, b: 0 };
const deliveryOf = new Map<string, number>();
const now = Date.now();
const sentA = new Date(now - 40 * DAY);
const sentB = new Date(now - 3 * DAY);

const hit = (
  kind: 'open' | 'click',
  campaign: 'a' | 'b',
  contactId: number,
  at: Date,
  { linkIdx = 0, userAgent = PERSON } = {},
): TrackingHit => ({
  id: crypto.randomUUID(),
  kind,
  deliveryId: deliveryOf.get(`${campaign}:${contactId}`)!,
  linkIdx: kind === 'click' ? linkIdx : null,
  userAgent,
  at: at.toISOString(),
});

const ask = async (input: Partial<EngagedContactsInput> & Pick<EngagedContactsInput, 'kind'>) =>
  (await listEngagedContacts(db.knex, { after: 0, limit: 50_000, ...input })).contactIds;

beforeAll(async () => {
  db = await openPglite();
  await migrate(db.knex, 'mailer', MIGRATIONS);
  for (const [key, sentAt, contacts] of [
    ['a', sentA, [1, 2, 3, 4]],
    ['b', sentB, [2, 3, 5]],
  ] as const) {
    const [c] = await db.knex
      .withSchema('mailer')
      .table('campaigns')
      .insert({ name: `Campaign ${key}`, subject: 'Lots by the lake', status: 'completed' })
      .returning('id');
    campaigns[key] = (c as { id: number }).id;
    for (const contactId of contacts) {
      const [d] = await db.knex
        .withSchema('mailer')
        .table('deliveries')
        .insert({
          campaign_id: campaigns[key],
          contact_id: contactId,
          email: `c${contactId}@example.com`,
          status: 'sent',
          sent_at: sentAt,
        })
        .returning('id');
      deliveryOf.set(`${key}:${contactId}`, Number((d as { id: number | string }).id));
    }
  }
  const at = (sent: Date, ms: number) => new Date(sent.getTime() + ms);
  await recordTrackingHits(db.knex, [
    hit('open', 'a', 1, at(sentA, DAY)),
    hit('open', 'a', 2, at(sentA, 3_600_000), { userAgent: PROXY }),
    hit('open', 'b', 2, at(sentB, DAY)),
    hit('open', 'b', 3, at(sentB, 2_000)),
    hit('click', 'b', 3, at(sentB, 2 * DAY)),
    hit('click', 'a', 4, at(sentA, 3_600_000), { linkIdx: 0 }),
  ]);
}, 60_000);
afterAll(() => db?.close());

describe('who opened or clicked', () => {
  it('counts a person’s opens and clicks of any campaign, ever or in the last N days', async () => {
    // Before the scanner's second click, 4's click counts.
    expect(await ask({ kind: 'click' })).toEqual([3, 4]);
    await recordTrackingHits(db.knex, [hit('click', 'a', 4, new Date(sentA.getTime() + 3_601_000), { linkIdx: 1 })]);
    expect(await ask({ kind: 'click' })).toEqual([3]);
    expect(await ask({ kind: 'open' })).toEqual([1, 2]);
    expect(await ask({ kind: 'open', days: 30 })).toEqual([2]);
    expect(await ask({ kind: 'click', days: 30 })).toEqual([3]);
  });

  it('counts one campaign’s, ever or in the last N days', async () => {
    expect(await ask({ kind: 'open', campaignId: campaigns.a })).toEqual([1]);
    expect(await ask({ kind: 'open', campaignId: campaigns.b })).toEqual([2]);
    expect(await ask({ kind: 'open', campaignId: campaigns.a, days: 30 })).toEqual([]);
    expect(await ask({ kind: 'click', campaignId: campaigns.a })).toEqual([]);
    expect(await ask({ kind: 'click', campaignId: campaigns.b, days: 30 })).toEqual([3]);
  });

  it('answers a page at a time in contact order after `after`', async () => {
    expect(await ask({ kind: 'open', limit: 1 })).toEqual([1]);
    expect(await ask({ kind: 'open', limit: 1, after: 1 })).toEqual([2]);
    expect(await ask({ kind: 'open', limit: 1, after: 2 })).toEqual([]);
    expect(await ask({ kind: 'open', campaignId: campaigns.b, after: 2 })).toEqual([]);
  });

  it('the migration fills each contact’s last open and click from the events stored before it', async () => {
    const before = await db.knex.withSchema('mailer').table('contact_engagement').orderBy('contact_id');
    await down(db.knex);
    await up(db.knex);
    expect(await db.knex.withSchema('mailer').table('contact_engagement').orderBy('contact_id')).toEqual(before);
    expect(await ask({ kind: 'open' })).toEqual([1, 2]);
    expect(await ask({ kind: 'click' })).toEqual([3]);
  });
});

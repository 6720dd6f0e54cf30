/**
 * Segment filters on PGlite against hand-computed fixtures: five contacts whose statuses, lists,
 * tags, custom values, sources, creation times and form submissions were chosen so that each
 * condition picks a known set (worked out by hand in the comments), with what the mailer,
 * analytics and the inventory would answer faked beside them, AND/OR of them, and the
 * checks that name an unknown custom field or list, or an operator the field's type cannot answer.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, migrate, openPglite, type Database } from '@lp/runtime';
import * as v from 'valibot';
import {
  LEAD_SESSIONS_PAGE,
  SegmentFilterSchema,
  type LeadSessionsInput,
  type PublicLots,
  type SegmentFilterInput,
} from '@lp/contracts';
import { engagementOf } from './segment-engagement.ts';
import { checkSegmentFilter, dayIn, segmentWhere } from './segment-filter.ts';
import { visitorsOf } from './segment-visits.ts';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));
/** 05:00 on 29 November in Arizona (UTC-7): "today" is 2026-11-29 there. */
const NOW = new Date('2026-11-29T12:00:00Z');
const TZ = 'America/Phoenix';
let db: Database;
let buyers: number;
let builders: number;

beforeAll(async () => {
  db = await openPglite();
  await migrate(db.knex, 'crm', MIGRATIONS);
  const crm = () => db.knex.withSchema('crm');
  await crm()
    .table('custom_fields')
    .insert([
      { key: 'budget', name: 'Budget', type: 'number' },
      { key: 'city_pref', name: 'Preferred city', type: 'text' },
      { key: 'moved_in', name: 'Moved in', type: 'date' },
      { key: 'has_boat', name: 'Has a boat', type: 'boolean' },
    ]);
  const lists = (await crm()
    .table('lists')
    .insert([{ name: 'Buyers' }, { name: 'Builders' }])
    .returning('id')) as { id: number }[];
  [buyers, builders] = lists.map((l) => l.id) as [number, number];
  const contact = (
    email: string,
    status: string,
    source: string,
    tags: string[],
    custom: object,
    created_at: string,
  ) => ({ email, status, source, tags, custom_fields: JSON.stringify(custom), created_at });
  const ids = await crm()
    .table('contacts')
    .insert([
      contact(
        'ann@example.com',
        'subscribed',
        'manual_entry',
        ['vip', 'lake view'],
        { budget: 250000, city_pref: 'Page', moved_in: '2026-11-20', has_boat: true },
        '2026-11-25T10:00:00Z',
      ),
      // 30 September, 23:00 in Arizona.
      contact(
        'bo@example.com',
        'unsubscribed',
        'csv_import',
        ['builder'],
        { budget: 90000, has_boat: false },
        '2026-10-01T06:00:00Z',
      ),
      contact(
        'cy@example.com',
        'subscribed',
        'form_submission',
        [],
        { city_pref: 'Big Water', moved_in: '2025-01-15' },
        '2026-11-28T12:00:00Z',
      ),
      contact('di@example.com', 'bounced', 'form_submission', ['vip'], {}, '2026-06-01T00:00:00Z'),
      contact('ed@example.com', 'other', 'manual_entry', ['lake view'], { budget: 500000 }, '2026-11-29T06:00:00Z'),
    ])
    .returning('id');
  const [ann, bo, cy] = ids.map((r: { id: number }) => r.id);
  contactIds = { ann: ann!, bo: bo!, cy: cy! };
  await crm()
    .table('list_members')
    .insert([
      { list_id: buyers, contact_id: ann },
      { list_id: builders, contact_id: bo },
      { list_id: buyers, contact_id: cy },
      { list_id: builders, contact_id: cy },
    ]);
  let n = 0;
  const submission = (
    email: string,
    country: string | null,
    region: string | null,
    city: string | null,
    created_at: string,
    more: { session_id?: string; lot_number?: number } = {},
  ) => ({
    event_id: `00000000-0000-4000-8000-00000000000${++n}`,
    idempotency_key: `k${n}`,
    first_name: 'F',
    last_name: 'L',
    email,
    phone: '',
    source: 'contact_page',
    country,
    region,
    city,
    created_at,
    ...more,
  });
  await crm()
    .table('form_submissions')
    .insert([
      // Cy wrote twice: the latest (Page, Arizona) is where cy is.
      submission('cy@example.com', 'US', 'Utah', 'Kanab', '2026-11-01T00:00:00Z'),
      submission('CY@example.com', 'US', 'Arizona', 'Page', '2026-11-20T00:00:00Z'),
      submission('di@example.com', 'CA', 'Ontario', 'Toronto', '2026-06-01T00:00:00Z'),
      // Ann asked about lot 12 from session "s-ann"; Bo wrote from "s-bo"; Di asked about lot 12
      // before her latest (untracked). Neither changes anyone's latest location.
      submission('Ann@example.com', null, null, null, '2026-11-10T00:00:00Z', { session_id: 's-ann', lot_number: 12 }),
      submission('bo@example.com', null, null, null, '2026-10-02T00:00:00Z', { session_id: 's-bo' }),
      submission('di@example.com', null, null, null, '2026-05-01T00:00:00Z', { lot_number: 12 }),
    ]);
}, 60_000);
afterAll(() => db?.close());

/** The ids the contacts above were given (the mailer names contacts by id). */
let contactIds: Record<'ann' | 'bo' | 'cy', number>;
/** What the mailer would answer: Ann and Cy opened campaign 7, Ann clicked it, Bo opened campaign 8. */
const OPENS = [
  { who: 'ann', campaignId: 7 },
  { who: 'cy', campaignId: 7 },
  { who: 'bo', campaignId: 8 },
] as const;
const asked: unknown[] = [];
const mailer = async (input: { kind: 'open' | 'click'; campaignId?: number | null; after: number }) => {
  asked.push(input);
  const events = input.kind === 'open' ? OPENS : [OPENS[0]];
  const ids = events
    .filter((e) => !input.campaignId || e.campaignId === input.campaignId)
    .map((e) => contactIds[e.who]);
  return { contactIds: [...new Set(ids)].sort((a, b) => a - b).filter((id) => id > input.after) };
};

/**
 * What analytics would answer: s-ann (Ann) came first with "Spring-Sale" and viewed lots 3 and 12;
 * s-bo (Bo) came first with "newsletter" and viewed lot 5; s-zed (a lead whose e-mail is no
 * contact's) came with "Spring-Sale" and viewed lot 3. The inventory: lot 3 available, 5 sold,
 * 12 reserved.
 */
const VISITORS = [
  { session: 's-ann', campaign: 'Spring-Sale', lots: [3, 12] },
  { session: 's-bo', campaign: 'newsletter', lots: [5] },
  { session: 's-zed', campaign: 'Spring-Sale', lots: [3] },
];
const asks: unknown[] = [];
const analytics = async (input: LeadSessionsInput) => {
  asks.push(input);
  const { ask } = input;
  const ids = VISITORS.filter((x) =>
    ask.kind === 'viewed_lots'
      ? x.lots.some((n) => ask.lotNumbers.includes(n))
      : x.campaign.toLowerCase() === ask.campaign.toLowerCase(),
  ).map((x) => x.session);
  return { sessionIds: ids.filter((id) => id > input.after), more: false };
};
let lotsAsked = 0;
const inventory = async () => {
  lotsAsked++;
  return {
    lots: [
      { number: 3, status: 'available' as const },
      { number: 5, status: 'sold' as const },
      { number: 12, status: 'reserved' as const },
    ] as PublicLots['lots'],
  };
};

async function matching(input: SegmentFilterInput): Promise<string[]> {
  const filter = v.parse(SegmentFilterSchema, input);
  await checkSegmentFilter(db.knex, filter);
  const engaged = await engagementOf(filter, mailer);
  const visitors = await visitorsOf(db.knex, filter, { leadSessions: analytics, lots: inventory });
  const where = segmentWhere(filter, { timeZone: TZ, now: NOW, contactIds: new Map([...engaged, ...visitors]) });
  const rows = await db.knex.withSchema('crm').table('contacts').whereRaw(where.sql, where.bindings).select('email');
  return rows.map((r: { email: string }) => r.email.slice(0, 2)).sort();
}
const one = (condition: SegmentFilterInput['conditions'][number]) => matching({ conditions: [condition] });

describe('each condition picks the contacts worked out by hand', () => {
  it('status', async () => {
    expect(await one({ field: 'status', op: 'is', value: 'subscribed' })).toEqual(['an', 'cy']);
    expect(await one({ field: 'status', op: 'is_not', value: 'subscribed' })).toEqual(['bo', 'di', 'ed']);
  });

  it('list membership', async () => {
    expect(await one({ field: 'list', op: 'in', listId: buyers })).toEqual(['an', 'cy']);
    expect(await one({ field: 'list', op: 'not_in', listId: buyers })).toEqual(['bo', 'di', 'ed']);
    expect(await one({ field: 'list', op: 'in', listId: builders })).toEqual(['bo', 'cy']);
  });

  it('tags, in any case as typed', async () => {
    expect(await one({ field: 'tag', op: 'has', tag: 'VIP' })).toEqual(['an', 'di']);
    expect(await one({ field: 'tag', op: 'lacks', tag: 'vip' })).toEqual(['bo', 'cy', 'ed']);
    expect(await one({ field: 'tag', op: 'has', tag: "lake view'; drop table crm.contacts; --" })).toEqual([]);
  });

  it('number fields', async () => {
    expect(await one({ field: 'custom', key: 'budget', op: 'eq', value: 250000 })).toEqual(['an']);
    expect(await one({ field: 'custom', key: 'budget', op: 'gt', value: 100000 })).toEqual(['an', 'ed']);
    expect(await one({ field: 'custom', key: 'budget', op: 'lt', value: 100000 })).toEqual(['bo']);
    expect(await one({ field: 'custom', key: 'budget', op: 'between', min: 90000, max: 250000 })).toEqual(['an', 'bo']);
    expect(await one({ field: 'custom', key: 'budget', op: 'is_set' })).toEqual(['an', 'bo', 'ed']);
    expect(await one({ field: 'custom', key: 'budget', op: 'is_empty' })).toEqual(['cy', 'di']);
  });

  it('text fields: equals exactly, contains in any case', async () => {
    expect(await one({ field: 'custom', key: 'city_pref', op: 'equals', value: 'Page' })).toEqual(['an']);
    expect(await one({ field: 'custom', key: 'city_pref', op: 'contains', value: 'WATER' })).toEqual(['cy']);
    expect(await one({ field: 'custom', key: 'city_pref', op: 'contains', value: '%' })).toEqual([]);
    expect(await one({ field: 'custom', key: 'city_pref', op: 'is_empty' })).toEqual(['bo', 'di', 'ed']);
  });

  it('date fields, "within the last 30 days" counted back from today in the site zone', async () => {
    expect(dayIn(NOW, TZ, 30)).toBe('2026-10-30');
    expect(await one({ field: 'custom', key: 'moved_in', op: 'before', value: '2026-01-01' })).toEqual(['cy']);
    expect(await one({ field: 'custom', key: 'moved_in', op: 'after', value: '2026-11-19' })).toEqual(['an']);
    expect(await one({ field: 'custom', key: 'moved_in', op: 'after', value: '2026-11-20' })).toEqual([]);
    expect(await one({ field: 'custom', key: 'moved_in', op: 'within_days', days: 30 })).toEqual(['an']);
  });

  it('yes/no fields', async () => {
    expect(await one({ field: 'custom', key: 'has_boat', op: 'is', value: true })).toEqual(['an']);
    expect(await one({ field: 'custom', key: 'has_boat', op: 'is', value: false })).toEqual(['bo']);
  });

  it('source', async () => {
    expect(await one({ field: 'source', op: 'is', value: 'form_submission' })).toEqual(['cy', 'di']);
    expect(await one({ field: 'source', op: 'is_not', value: 'form_submission' })).toEqual(['an', 'bo', 'ed']);
  });

  it('created date, days read in the site zone (bo came at 23:00 on 30 September there)', async () => {
    expect(await one({ field: 'created', op: 'before', value: '2026-10-01' })).toEqual(['bo', 'di']);
    expect(await one({ field: 'created', op: 'after', value: '2026-09-30' })).toEqual(['an', 'cy', 'ed']);
    expect(await one({ field: 'created', op: 'within_days', days: 2 })).toEqual(['cy', 'ed']);
  });

  it('location of the latest form submission, in any case', async () => {
    expect(await one({ field: 'location', part: 'country', op: 'is', value: 'us' })).toEqual(['cy']);
    expect(await one({ field: 'location', part: 'city', op: 'is', value: 'page' })).toEqual(['cy']);
    // Kanab was cy's first submission, not the latest.
    expect(await one({ field: 'location', part: 'city', op: 'is', value: 'Kanab' })).toEqual([]);
    expect(await one({ field: 'location', part: 'region', op: 'is_not', value: 'Arizona' })).toEqual([
      'an',
      'bo',
      'di',
      'ed',
    ]);
  });
});

describe('engagement, from the contacts the mailer names', () => {
  it('opened or clicked a campaign, any campaign, never opened', async () => {
    expect(await one({ field: 'engagement', op: 'opened', campaignId: 7 })).toEqual(['an', 'cy']);
    expect(await one({ field: 'engagement', op: 'opened' })).toEqual(['an', 'bo', 'cy']);
    expect(await one({ field: 'engagement', op: 'clicked', campaignId: 7, days: 30 })).toEqual(['an']);
    expect(await one({ field: 'engagement', op: 'never_opened' })).toEqual(['di', 'ed']);
    expect(asked.at(-2)).toEqual({ kind: 'click', campaignId: 7, days: 30, after: 0, limit: 50_000 });
  });

  it('asks no page more than needed, and pages on after the last contact', async () => {
    const pages: number[] = [];
    const big = async (input: { after: number; limit: number }) => {
      pages.push(input.after);
      const all = Array.from({ length: 50_003 }, (_, i) => 2 * i + 1);
      return { contactIds: all.filter((id) => id > input.after).slice(0, input.limit) };
    };
    const filter = v.parse(SegmentFilterSchema, { conditions: [{ field: 'engagement', op: 'never_opened' }] });
    const engaged = await engagementOf(filter, big);
    expect([...engaged.values()][0]).toHaveLength(50_003);
    expect(pages).toEqual([0, 99_999]);
    const none = v.parse(SegmentFilterSchema, { conditions: [{ field: 'tag', op: 'has', tag: 'vip' }] });
    expect((await engagementOf(none, big)).size).toBe(0);
    expect(pages).toHaveLength(2);
  });
});

describe("first touch and lots, from the sessions analytics gives and crm's own submissions", () => {
  it('first-touch campaign, in any case; is_not includes contacts never tracked', async () => {
    expect(await one({ field: 'first_touch', op: 'is', value: 'spring-sale' })).toEqual(['an']);
    expect(asks.at(-1)).toEqual({
      ask: { kind: 'first_touch_campaign', campaign: 'spring-sale' },
      after: '',
      limit: LEAD_SESSIONS_PAGE,
    });
    expect(await one({ field: 'first_touch', op: 'is_not', value: 'Spring-Sale' })).toEqual(['bo', 'cy', 'di', 'ed']);
    expect(await one({ field: 'first_touch', op: 'is', value: 'fall' })).toEqual([]);
  });

  it('viewed lot N, viewed any lot available now (the inventory asked once), asked about lot N', async () => {
    expect(await one({ field: 'lot', op: 'viewed', lotNumber: 3 })).toEqual(['an']);
    expect(await one({ field: 'lot', op: 'viewed', lotNumber: 5 })).toEqual(['bo']);
    expect(await one({ field: 'lot', op: 'viewed', lotNumber: 9 })).toEqual([]);
    const before = lotsAsked;
    expect(
      await matching({
        match: 'any',
        conditions: [
          { field: 'lot', op: 'viewed_available' },
          { field: 'lot', op: 'viewed_available' },
        ],
      }),
    ).toEqual(['an']);
    expect(lotsAsked - before).toBe(1);
    expect(asks.at(-1)).toEqual({
      ask: { kind: 'viewed_lots', lotNumbers: [3] },
      after: '',
      limit: LEAD_SESSIONS_PAGE,
    });
    // Ann's and Di's forms named lot 12 (Di's untracked, and not her latest).
    expect(await one({ field: 'lot', op: 'asked_about', lotNumber: 12 })).toEqual(['an', 'di']);
    expect(await one({ field: 'lot', op: 'asked_about', lotNumber: 3 })).toEqual([]);
  });

  it('asks analytics nothing when no lot is available, and nothing at all without such conditions', async () => {
    const asked = asks.length;
    const filter = v.parse(SegmentFilterSchema, { conditions: [{ field: 'lot', op: 'viewed_available' }] });
    const none = await visitorsOf(db.knex, filter, { leadSessions: analytics, lots: async () => ({ lots: [] }) });
    expect([...none.values()]).toEqual([[]]);
    const plain = v.parse(SegmentFilterSchema, { conditions: [{ field: 'lot', op: 'asked_about', lotNumber: 1 }] });
    expect((await visitorsOf(db.knex, plain, { leadSessions: analytics, lots: inventory })).size).toBe(0);
    expect(asks.length).toBe(asked);
  });

  it('asks again after the last session while analytics says there are more, short pages included', async () => {
    const all = ['s-ann', 's-bo', 's-zed'];
    const afters: string[] = [];
    // Pages cut short by bytes (one id) until the last, which says there are no more.
    const paged = async (input: LeadSessionsInput) => {
      afters.push(input.after);
      const rest = all.filter((id) => id > input.after);
      return { sessionIds: rest.slice(0, 1), more: rest.length > 1 };
    };
    const filter = v.parse(SegmentFilterSchema, { conditions: [{ field: 'lot', op: 'viewed', lotNumber: 3 }] });
    const visitors = await visitorsOf(db.knex, filter, { leadSessions: paged });
    expect([...visitors.values()]).toEqual([[contactIds.ann, contactIds.bo].sort((a, b) => a - b)]);
    expect(afters).toEqual(['', 's-ann', 's-bo']);
  });

  it('fails the count when analytics fails on a later page', async () => {
    const failing = async (input: LeadSessionsInput) => {
      if (input.after) throw new Error('analytics did not answer');
      return { sessionIds: ['s-ann'], more: true };
    };
    const filter = v.parse(SegmentFilterSchema, { conditions: [{ field: 'lot', op: 'viewed', lotNumber: 3 }] });
    await expect(visitorsOf(db.knex, filter, { leadSessions: failing })).rejects.toThrow('analytics did not answer');
  });

  it('names a lot number out of range and a campaign left empty', () => {
    const issues = (input: unknown) =>
      v.safeParse(SegmentFilterSchema, { conditions: [input] }).issues?.map((i) => i.message) ?? [];
    expect(issues({ field: 'lot', op: 'viewed', lotNumber: 0 })).toEqual(['Lot numbers start at 1']);
    // As the builder sends an empty input.
    expect(issues({ field: 'lot', op: 'asked_about', lotNumber: undefined })).toEqual(['Give a lot number']);
    expect(issues({ field: 'lot', op: 'viewed', lotNumber: 2.5 })).toEqual(['Give a whole lot number']);
    expect(issues({ field: 'first_touch', op: 'is', value: '  ' })).toEqual(['Give a campaign']);
  });
});

describe('combinations', () => {
  it('all of the conditions', async () => {
    expect(
      await matching({
        match: 'all',
        conditions: [
          { field: 'status', op: 'is', value: 'subscribed' },
          { field: 'tag', op: 'has', tag: 'vip' },
        ],
      }),
    ).toEqual(['an']);
  });

  it('any of the conditions', async () => {
    expect(
      await matching({
        match: 'any',
        conditions: [
          { field: 'tag', op: 'has', tag: 'builder' },
          { field: 'location', part: 'country', op: 'is', value: 'CA' },
          { field: 'custom', key: 'budget', op: 'gt', value: 400000 },
        ],
      }),
    ).toEqual(['bo', 'di', 'ed']);
  });

  it('any of a list, another list left out, and a tag', async () => {
    expect(
      await matching({
        match: 'any',
        conditions: [
          { field: 'list', op: 'in', listId: builders },
          { field: 'tag', op: 'has', tag: 'vip' },
        ],
      }),
    ).toEqual(['an', 'bo', 'cy', 'di']);
    expect(
      await matching({
        match: 'any',
        conditions: [
          { field: 'list', op: 'not_in', listId: buyers },
          { field: 'custom', key: 'has_boat', op: 'is', value: true },
        ],
      }),
    ).toEqual(['an', 'bo', 'di', 'ed']);
  });

  it('no condition: every contact', async () => {
    expect(await matching({ conditions: [] })).toEqual(['an', 'bo', 'cy', 'di', 'ed']);
    expect(await matching({ match: 'any', conditions: [] })).toEqual(['an', 'bo', 'cy', 'di', 'ed']);
  });
});

describe('checks against what crm knows', () => {
  const refusal = async (input: SegmentFilterInput) => {
    const err = await checkSegmentFilter(db.knex, v.parse(SegmentFilterSchema, input)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return { status: (err as AppError).status, fields: (err as AppError).details?.fields };
  };

  it('names an unknown custom field and an unknown list by their condition', async () => {
    expect(
      await refusal({
        conditions: [
          { field: 'custom', key: 'nope', op: 'is_set' },
          { field: 'list', op: 'in', listId: 999 },
        ],
      }),
    ).toEqual({
      status: 400,
      fields: {
        'filter.conditions.0.key': ['There is no custom field "nope"'],
        'filter.conditions.1.listId': ['There is no list 999'],
      },
    });
  });

  it('refuses an operator the field type cannot answer', async () => {
    expect(await refusal({ conditions: [{ field: 'custom', key: 'budget', op: 'contains', value: '9' }] })).toEqual({
      status: 400,
      fields: { 'filter.conditions.0.op': ['Budget is a number field: use eq, lt, gt, between, is_set, is_empty'] },
    });
  });
});

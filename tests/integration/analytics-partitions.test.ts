/**
 * Batches of different partitions are stored at the same time on PostgreSQL (several connections,
 * as replicas do), batches of one partition in turn: whatever the interleaving, the visits and
 * roll-ups equal a recomputation from the raw hits, nothing deadlocks, and a batch without a
 * partition (an older gateway's) still waits for the others. Again with the batches grouped per
 * partition as each replica's consumers group what they hold (consumers/batch-groups.ts).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  analyticsPartitionOf,
  ANALYTICS_PARTITIONS,
  eventMeta,
  type EventHit,
  type EventsRecorded,
  type PageviewHit,
  type PageviewsRecorded,
} from '@lp/contracts';
import { migrate, openPostgres, type Database, type Knex } from '@lp/runtime';
import { batchGroups } from '../../services/analytics/src/consumers/batch-groups.ts';
import {
  recordEventBatches,
  recordEvents,
  recordPageViewBatches,
  recordPageViews,
} from '../../services/analytics/src/visits/record-hits.ts';
import { refreshRollups } from '../../services/analytics/src/visits/refresh-rollups.ts';
import { describeOnRealBackends, realDatabase } from '../support/stack.ts';
import { pageviewHit } from '../support/samples.ts';

const MIGRATIONS = fileURLToPath(new URL('../../services/analytics/src/migrations', import.meta.url));
const DAY = '2026-11-20';

/** 300 visitors and one hot session, each partition's hits in batches as a gateway flushes them, one batch without a partition and one with another's, shuffled. */
function shuffledBatches(): { batches: (PageviewsRecorded | EventsRecorded)[]; pageViews: PageviewHit[] } {
  // Hits 0–40 minutes apart per visitor, over an evening.
  let seed = 11;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const start = Date.parse(`${DAY}T18:00:00-07:00`);
  const pageViews: PageviewHit[] = [];
  const events: EventHit[] = [];
  for (let s = 0; s < 300; s++) {
    let t = start + Math.floor(rand() * 3 * 3_600_000);
    for (let i = 0; i < 8; i++) {
      t += Math.floor(rand() * 40 * 60_000);
      const at = new Date(t).toISOString();
      if (rand() < 0.75)
        pageViews.push(pageviewHit({ at, path: `/lots/${i % 6}`, sessionId: `v${s}`, utmCampaign: `c${s % 4}` }));
      else events.push(eventHit(`v${s}`, at, rand() < 0.5 ? 'engagement' : 'lot_click'));
    }
  }
  for (let i = 0; i < 400; i++)
    pageViews.push(
      pageviewHit({ at: new Date(start + i * 20_000).toISOString(), path: `/p${i % 9}`, sessionId: 'hot' }),
    );

  // Each partition's hits in batches of up to 60, the way a gateway flushes them.
  const batches: (PageviewsRecorded | EventsRecorded)[] = [];
  for (let p = 0; p < ANALYTICS_PARTITIONS; p++) {
    const mine = <H extends { sessionId: string; at: string }>(hits: H[]) =>
      hits.filter((h) => analyticsPartitionOf(h.sessionId) === p).sort((a, b) => a.at.localeCompare(b.at));
    for (const chunk of chunks(mine(pageViews), 60)) batches.push({ ...eventMeta(), partition: p, hits: chunk });
    for (const chunk of chunks(mine(events), 60)) batches.push({ ...eventMeta(), partition: p, hits: chunk });
  }
  // One batch without a partition, and one whose partition is not its hits' (both wait for all).
  batches.push({
    ...eventMeta(),
    hits: [pageviewHit({ at: `${DAY}T20:00:00-07:00`, path: '/old', sessionId: 'v1' })],
  });
  batches.push({
    ...eventMeta(),
    partition: (analyticsPartitionOf('v2') + 1) % ANALYTICS_PARTITIONS,
    hits: [pageviewHit({ at: `${DAY}T20:01:00-07:00`, path: '/odd', sessionId: 'v2' })],
  });
  // Shuffled.
  for (let i = batches.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [batches[i], batches[j]] = [batches[j]!, batches[i]!];
  }
  return { batches, pageViews };
}

/** Visits and roll-ups, to compare with a recomputation. */
async function snapshot(knex: Knex) {
  return {
    visits: (
      await knex.raw(
        `select session_id, started_at, last_at, day::text, pageviews, interactions, entry_path, exit_path, pages
         from analytics.visits order by session_id, started_at`,
      )
    ).rows,
    totals: (
      await knex.raw(
        `select day::text, visits, bounces, round(duration_s::numeric, 3) as d, pageviews, encode(visitor_sketch, 'hex') as s
         from analytics.daily_totals where visits <> 0 or pageviews <> 0 order by day`,
      )
    ).rows,
    parts: (
      await knex.raw(
        `select day::text, dimension, value, visits, bounces, round(duration_s::numeric, 3) as d, pageviews
         from analytics.daily_breakdowns where visits <> 0 or pageviews <> 0 or bounces <> 0 order by 1, 2, 3`,
      )
    ).rows,
  };
}

/** What was stored equals a recomputation from the raw hits, every page view stored once and counted once. */
async function expectRecomputation(knex: Knex, pageViews: number) {
  const together = await snapshot(knex);
  const stored = (await knex.raw('select count(*)::int as n from analytics.page_views')).rows[0].n as number;
  expect(stored).toBe(pageViews);
  expect(together.totals.reduce((n: number, d: { pageviews: number }) => n + d.pageviews, 0)).toBe(stored);
  await refreshRollups(knex, '2026-11-19', '2026-11-21');
  expect(await snapshot(knex)).toEqual(together);
}

describeOnRealBackends('analytics batches of several partitions at once', (real) => {
  let drop: () => Promise<void>;
  let replicas: Database[] = [];
  beforeAll(async () => {
    const db = await realDatabase(real.databaseUrl);
    drop = db.drop;
    replicas = [await openPostgres(db.url, 6), await openPostgres(db.url, 6)];
    await migrate(replicas[0]!.knex, 'analytics', MIGRATIONS);
  }, 60_000);
  beforeEach(async () => {
    for (const t of [
      'page_views',
      'events',
      'visits',
      'daily_totals',
      'daily_breakdowns',
      'daily_events',
      'session_lots',
    ])
      await replicas[0]!.knex.raw(`truncate analytics.${t}`);
  });
  afterAll(async () => {
    for (const r of replicas) await r.close();
    await drop?.();
  });

  it('stores interleaved batches of every partition, a hot session and an unpartitioned batch as a recomputation counts them', async () => {
    const { batches, pageViews } = shuffledBatches();
    // Stored eight at a time over two connection pools, one batch a transaction.
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        const { knex } = replicas[worker % 2]!;
        while (next < batches.length) {
          const b = batches[next++]!;
          if ('name' in b.hits[0]!) await recordEvents(knex, b as EventsRecorded);
          else await recordPageViews(knex, b as PageviewsRecorded);
        }
      }),
    );
    await expectRecomputation(replicas[0]!.knex, pageViews.length + 2);
  }, 120_000);

  it('stores the same batches grouped as two replicas group what they hold, as a recomputation counts them', async () => {
    const { batches, pageViews } = shuffledBatches();
    const groups = { pageviews: 0, events: 0 };
    const storesOf = ({ knex }: Database) => ({
      pageviews: batchGroups<PageviewsRecorded>({
        store: (group) => recordPageViewBatches(knex, group),
        maxHits: 120,
        onGroup: () => groups.pageviews++,
      }),
      events: batchGroups<EventsRecorded>({
        store: (group) => recordEventBatches(knex, group),
        maxHits: 120,
        onGroup: () => groups.events++,
      }),
    });
    const stores = replicas.map(storesOf);
    // Every batch handed over at once, alternately to each replica: the ones waiting for their partition meet in groups.
    const inserted = await Promise.all(
      batches.map((b, i) =>
        'name' in b.hits[0]!
          ? stores[i % 2]!.events(b as EventsRecorded)
          : stores[i % 2]!.pageviews(b as PageviewsRecorded),
      ),
    );
    expect(inserted).toEqual(batches.map((b) => b.hits.length));
    const pageViewBatches = batches.filter((b) => !('name' in b.hits[0]!)).length;
    // Fewer transactions than batches: some were stored together (two of up to 60 hits at most).
    expect(groups.pageviews).toBeLessThan(pageViewBatches);
    expect(groups.pageviews).toBeGreaterThanOrEqual(pageViewBatches / 2);
    await expectRecomputation(replicas[0]!.knex, pageViews.length + 2);
  }, 120_000);
});

function eventHit(sessionId: string, at: string, name: string): EventHit {
  return {
    at,
    sessionId,
    name,
    category: name,
    action: null,
    label: null,
    value: name === 'engagement' ? 30_000 : null,
    path: '/lots/1',
    properties: null,
  };
}

function chunks<T>(list: readonly T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += n) out.push(list.slice(i, i + n));
  return out;
}

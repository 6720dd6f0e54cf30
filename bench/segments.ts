/**
 * `pnpm bench:segments`: a segment's count at a million contacts on the local Postgres, in a
 * database of its own (dropped afterwards). Seeds the contacts in SQL (`generate_series`, in
 * batches) with tags, custom values of the four types, three lists and form submissions with a
 * location, a lead session id and (one in three) a lot; then, in the other services' schemas of
 * the same database, what they answer about those contacts (support/seed-segment-facts.ts):
 * analytics' copy of the submissions, two visits per lead session and their page views (lot
 * pages, a first-touch utm_campaign on some) beside anonymous visitors' over the last 60 days,
 * three campaigns of about 200,000 deliveries with opens (some a privacy proxy's) and clicks, and
 * the thirty lots. Vacuums and analyses the tables (as autovacuum leaves them), then times the
 * count the segments screen asks for (the function crm's request handler runs: the filter
 * checked against the custom fields and lists, the other services asked, then counted) for
 * typical filters — p50 and p95 of 20 calls each, after one warm-up call, and the p50 of the
 * time spent asking. The other services are asked through the functions their request handlers
 * run (analytics' lead sessions, the mailer's engaged addresses, the inventory's lots), on the
 * same database, instead of over the bus. Target: p50 ≤ 500 ms at 1,000,000 contacts.
 *
 * Flags: --rows <n> (1000000), --runs <n> (20), --explain (print EXPLAIN ANALYZE of each
 * filter's count), --no-vacuum (analyse only, as right after a bulk load), --keep (leave the
 * database for a look).
 * Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres).
 */
import { loadavg } from 'node:os';
import * as v from 'valibot';
import { SegmentFilterSchema, toPublicLot, type SegmentFilterInput } from '@lp/contracts';
import { migrate, openPostgres } from '@lp/runtime';
import { crmService } from '@lp/crm';
import { countSegment } from '@lp/crm/queries/count-segment';
import { resolvedSegmentWhere, type SegmentContext } from '@lp/crm/queries/segment-engagement';
import { readLeadSessions } from '@lp/analytics/queries/read-lead-sessions';
import { listEngagedContacts } from '@lp/mailer/segments/list-engaged-contacts';
import { listLots } from '@lp/inventory/queries/list-lots';
import { createDatabase } from './support/processes.ts';
import { seedSegmentFacts } from './support/seed-segment-facts.ts';

const flag = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const ROWS = Number(flag('rows', '1000000'));
const RUNS = Number(flag('runs', '20'));
const EXPLAIN = process.argv.includes('--explain');
const KEEP = process.argv.includes('--keep');
const NO_VACUUM = process.argv.includes('--no-vacuum');
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TZ = 'America/Phoenix';
const BATCH = 100_000;

const out = (line: string) => process.stdout.write(`${line}\n`);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Contact i of the seed: 5% unsubscribed, 2% bounced; tags vip (10%), lake view (25%), investor
 * (1 in 7), builder (1%); a budget on two thirds, a preferred city on all, a move-in date on half,
 * has_boat on all; created over the last three years.
 */
const CONTACTS_SQL = `
  insert into crm.contacts (email, first_name, last_name, status, source, tags, custom_fields, created_at)
  select 'person' || i || '@bench.example', 'First' || i, 'Last' || i,
    case when i % 20 = 0 then 'unsubscribed' when i % 50 = 1 then 'bounced' else 'subscribed' end,
    (array['manual_entry', 'csv_import', 'form_submission'])[1 + i % 3],
    array_remove(array[
      case when i % 10 = 0 then 'vip' end, case when i % 4 = 0 then 'lake view' end,
      case when i % 7 = 0 then 'investor' end, case when i % 100 = 3 then 'builder' end], null),
    jsonb_strip_nulls(jsonb_build_object(
      'budget', case when i % 3 <> 0 then 50000 + (i::bigint * 7919) % 950000 end,
      'city_pref', (array['Page', 'Big Water', 'Kanab', 'Flagstaff', 'Phoenix'])[1 + i % 5],
      'moved_in', case when i % 2 = 0 then to_char(date '2020-01-01' + (i % 2500), 'YYYY-MM-DD') end,
      'has_boat', i % 6 = 0)),
    now() - (i % 1095) * interval '1 day' - (i % 86400) * interval '1 second'
  from generate_series(?::int, ?::int) i`;

const FILTERS: [string, SegmentFilterInput][] = [
  ['has tag vip (10%)', { conditions: [{ field: 'tag', op: 'has', tag: 'vip' }] }],
  ['status is subscribed (93%)', { conditions: [{ field: 'status', op: 'is', value: 'subscribed' }] }],
  [
    'subscribed, tag lake view, budget > 500,000',
    {
      conditions: [
        { field: 'status', op: 'is', value: 'subscribed' },
        { field: 'tag', op: 'has', tag: 'lake view' },
        { field: 'custom', key: 'budget', op: 'gt', value: 500000 },
      ],
    },
  ],
  [
    'in list Buyers, lacks tag investor',
    {
      conditions: [
        { field: 'list', op: 'in', listId: 1 },
        { field: 'tag', op: 'lacks', tag: 'investor' },
      ],
    },
  ],
  [
    'any: tag builder, has boat, city = Kanab',
    {
      match: 'any',
      conditions: [
        { field: 'tag', op: 'has', tag: 'builder' },
        { field: 'custom', key: 'has_boat', op: 'is', value: true },
        { field: 'custom', key: 'city_pref', op: 'equals', value: 'Kanab' },
      ],
    },
  ],
  [
    'created in the last 30 days, from a form',
    {
      conditions: [
        { field: 'created', op: 'within_days', days: 30 },
        { field: 'source', op: 'is', value: 'form_submission' },
      ],
    },
  ],
  [
    'moved in within a year, budget 200,000–400,000',
    {
      conditions: [
        { field: 'custom', key: 'moved_in', op: 'within_days', days: 365 },
        { field: 'custom', key: 'budget', op: 'between', min: 200000, max: 400000 },
      ],
    },
  ],
  ['location: country is CA', { conditions: [{ field: 'location', part: 'country', op: 'is', value: 'CA' }] }],
  ['opened any campaign in the last 30 days', { conditions: [{ field: 'engagement', op: 'opened', days: 30 }] }],
  ['never opened', { conditions: [{ field: 'engagement', op: 'never_opened' }] }],
  ['viewed lot 7', { conditions: [{ field: 'lot', op: 'viewed', lotNumber: 7 }] }],
  ['asked about lot 7', { conditions: [{ field: 'lot', op: 'asked_about', lotNumber: 7 }] }],
  ['viewed any available lot', { conditions: [{ field: 'lot', op: 'viewed_available' }] }],
  ['first-touch campaign is spring-lots', { conditions: [{ field: 'first_touch', op: 'is', value: 'spring-lots' }] }],
];

const db = await createDatabase(DATABASE_URL, 'lp_bench_segments');
const { knex, close } = await openPostgres(db.url, 4);
try {
  await migrate(knex, crmService.schema, crmService.migrationsDir);
  let t0 = performance.now();
  await knex
    .withSchema('crm')
    .table('custom_fields')
    .insert([
      { key: 'budget', name: 'Budget', type: 'number' },
      { key: 'city_pref', name: 'Preferred city', type: 'text' },
      { key: 'moved_in', name: 'Moved in', type: 'date' },
      { key: 'has_boat', name: 'Has a boat', type: 'boolean' },
    ]);
  await knex
    .withSchema('crm')
    .table('lists')
    .insert([{ name: 'Buyers' }, { name: 'Builders' }, { name: 'Newsletter' }]);
  for (let from = 1; from <= ROWS; from += BATCH) {
    await knex.raw(CONTACTS_SQL, [from, Math.min(ROWS, from + BATCH - 1)]);
    process.stdout.write(`\rseeded ${Math.min(ROWS, from + BATCH - 1).toLocaleString('en-US')} contacts`);
  }
  // Buyers: every 5th contact; Builders: every 13th; Newsletter: 60%.
  await knex.raw(`
    insert into crm.list_members (list_id, contact_id)
    select l, id from crm.contacts, lateral (values (1), (2), (3)) as v(l)
    where (l = 1 and id % 5 = 0) or (l = 2 and id % 13 = 0) or (l = 3 and id % 5 < 3)`);
  // A form submission from one contact in 20 (two from a fifth of those), with a location and the
  // visitor's session id (one per submission); one in three names a lot (1–30).
  await knex.raw(`
    insert into crm.form_submissions (event_id, idempotency_key, first_name, last_name, email, phone, source,
      country, region, city, session_id, lot_number, created_at)
    select gen_random_uuid(), 'bench-' || n || '-' || id, 'F', 'L', email, '', 'contact_page',
      (array['US', 'US', 'US', 'CA', 'MX'])[1 + (id + n) % 5], 'Region', 'City', md5('lead-' || id || '-' || n),
      case when h % 3 = 0 then 1 + (h / 3) % 30 end, now() - n * interval '1 day'
    from crm.contacts, generate_series(1, 2) n, lateral (select hashtext(id || '-' || n)::bigint + 2147483648 as h) x
    where id % 20 = 7 and (n = 1 or id % 100 = 7)`);
  await seedSegmentFacts(knex, ROWS, TZ);
  // As autovacuum leaves a table that has settled: statistics, and the visibility map that lets a
  // count skip the heap pages all of whose rows are visible (--no-vacuum: analyse only, as right
  // after a bulk load).
  await knex.raw(
    `${NO_VACUUM ? 'analyze' : 'vacuum (analyze)'} crm.contacts, crm.list_members, crm.form_submissions, crm.lists,
       crm.custom_fields, analytics.submissions, analytics.visits, analytics.page_views, analytics.session_lots, mailer.campaigns,
       mailer.deliveries, mailer.tracking_events, mailer.contact_engagement, inventory.lots`,
  );
  const size = await knex.raw<{ rows: { size: string }[] }>(
    "select pg_size_pretty(pg_total_relation_size('crm.contacts')) as size",
  );
  out(
    `\nseeded ${ROWS.toLocaleString('en-US')} contacts, lists, submissions, visits and mail in ${((performance.now() - t0) / 1000).toFixed(0)} s (contacts ${size.rows[0]!.size} with indexes)`,
  );

  // The other services' answers, from the functions their request handlers run (on their schemas
  // of this database, not over the bus); `asking` adds up the time spent in them during a count.
  let asking = 0;
  const timed =
    <A extends unknown[], O>(fn: (...args: A) => Promise<O>) =>
    async (...args: A): Promise<O> => {
      const started = performance.now();
      try {
        return await fn(...args);
      } finally {
        asking += performance.now() - started;
      }
    };
  const context: SegmentContext = {
    timeZone: TZ,
    engagedContacts: timed((input) => listEngagedContacts(knex, input)),
    leadSessions: timed((input) => readLeadSessions(knex, input)),
    lots: timed(async () => ({ lots: (await listLots(knex)).map(toPublicLot) })),
  };

  out(
    `count of a segment, ${RUNS} calls each after a warm-up (countSegment: the filter checked, the other services asked, then counted)`,
  );
  out(
    `${'filter'.padEnd(50)} ${'matches'.padStart(9)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'asking p50'.padStart(11)}`,
  );
  let slowest = 0;
  for (const [label, input] of FILTERS) {
    const filter = v.parse(SegmentFilterSchema, input);
    const { count } = await countSegment(knex, { filter }, context);
    const ms: number[] = [];
    const asked: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      asking = 0;
      t0 = performance.now();
      await countSegment(knex, { filter }, context);
      ms.push(performance.now() - t0);
      asked.push(asking);
    }
    ms.sort((a, b) => a - b);
    asked.sort((a, b) => a - b);
    const p50 = percentile(ms, 50);
    slowest = Math.max(slowest, p50);
    out(
      `${label.padEnd(50)} ${count.toLocaleString('en-US').padStart(9)} ${`${p50.toFixed(0)} ms`.padStart(9)} ${`${percentile(ms, 95).toFixed(0)} ms`.padStart(9)} ${`${percentile(asked, 50).toFixed(0)} ms`.padStart(11)}`,
    );
    if (EXPLAIN) {
      const where = await resolvedSegmentWhere(knex, filter, context);
      const plan = await knex.raw<{ rows: { 'QUERY PLAN': string }[] }>(
        `explain (analyze, buffers) select count(*) from crm.contacts where ${where.sql}`,
        where.bindings,
      );
      for (const r of plan.rows) out(`    ${r['QUERY PLAN']}`);
    }
  }
  out(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  out(`slowest p50 ${slowest.toFixed(0)} ms (target ≤ 500 ms: ${slowest <= 500 ? 'met' : 'NOT met'})`);
} finally {
  await close();
  if (KEEP) out(`kept database ${db.name}`);
  else await db.drop();
}

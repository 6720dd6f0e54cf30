/**
 * Filtered days (`analytics.filtered_days`, `filtered_day_parts`): what one set of drill-down
 * filters counts on one day, kept once worked out from the visits and used again while the day's
 * `daily_totals.version` is the one it was worked out at (the migration tells how versions move).
 * A filtered view asked again then reads a row a day and the days' parts, whatever the traffic;
 * the first look, and the days that changed since (today, mostly), scan those days' visits only.
 *
 * A day keeps its figures and a sketch of its visitors' ids, for its unique visitors and a
 * range's: HyperLogLog registers worked out in SQL from `hashtextextended` (the hash differs
 * from visitor-sketch.ts's, so these sketches merge only with each other), stored sparse, 3 bytes
 * a register that was hit (index << 6 | rank). Parts
 * (the tables' rows: dimension, value, visits, bounces, page views) are kept for the days that
 * were in a current period; a day only ever compared with has its figures alone.
 */
import type { AnalyticsFilters, SitePeriod } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { DIMENSION_SQL } from '../visits/refresh-rollups.ts';
import { emptySketch, estimateSketch, SKETCH_REGISTERS } from '../visits/visitor-sketch.ts';
import { VISIT_DIMENSIONS } from '../visits/visit-rows.ts';
import { pageMatchSql, pagesOf, visitFilterSql } from './visit-filter-sql.ts';
import type { DayFigures, PartRow } from './read-web-analytics.ts';

/** Bumped when what a filtered day holds or means changes: days kept under another format are never read. */
const FORMAT = 1;
/** A set of filters not viewed for this many days is forgotten with its days. */
export const FILTERED_DAYS_KEEP_DAYS = 30;

export type FilteredDay = DayFigures & {
  day: string;
  /** The day's distinct visitors, estimated from its sketch. */
  visitors: number;
  visitor_sketch: Uint8Array;
};

/** One name per set of filters, whatever order they came in. */
export function filterSetKey(filters: AnalyticsFilters): string {
  const entries = Object.entries(filters)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${FORMAT}:${JSON.stringify(entries)}`;
}

/**
 * Notes the set as viewed now and takes its lock for the transaction (two staff asking the same
 * view work it out once), then sorts the days of both periods that have visits: kept (their
 * filtered day is current, with parts where the current period needs them) or to work out, with
 * the version each is worked out at. Read before the visits are, so a batch stored meanwhile
 * leaves a day marked older than what it holds, and worked out again next time, never the reverse.
 */
export async function sortFilteredDays(
  trx: Knex.Transaction,
  key: string,
  periods: { period: SitePeriod; comparison: SitePeriod },
): Promise<SortedDays> {
  const { period, comparison } = periods;
  await trx.raw(`select pg_advisory_xact_lock(hashtext('lp-analytics-filtered-days'), hashtext(?))`, [key]);
  const { rows: sets } = await trx.raw<{ rows: { id: number }[] }>(
    `insert into analytics.filter_sets (filters, viewed_at) values (?, now())
     on conflict (filters) do update set viewed_at = excluded.viewed_at returning id`,
    [key],
  );
  const set = sets[0]!.id;
  const { rows } = await trx.raw<{ rows: { day: string; version: string; kept: boolean }[] }>(
    `select t.day::text as day, t.version::text as version,
            coalesce(f.version = t.version and (f.with_parts or t.day not between ?::date and ?::date), false) as kept
     from analytics.daily_totals t
     left join analytics.filtered_days f on f.filter_set = ? and f.day = t.day
     where t.day between ?::date and ?::date or t.day between ?::date and ?::date
     order by t.day`,
    [period.from, period.to, set, period.from, period.to, comparison.from, comparison.to],
  );
  return {
    set,
    days: rows.map((r) => r.day),
    stale: rows.filter((r) => !r.kept).map(({ day, version }) => ({ day, version })),
  };
}

/** A set of filters' number, the days of both periods with visits, and those to work out. */
type SortedDays = { set: number; days: string[]; stale: { day: string; version: string }[] };

/**
 * The stale days as ranges of days to read visits from: within a period, consecutive stale days
 * of `days` (the days with visits, in order) make one range, since the days between them have no
 * visits; a kept day, or a day outside both periods, ends it. A range reads in one index scan
 * where a list of 730 days cost twice the whole answer (a 730-element `= any` per visit).
 */
export function staleRuns(
  days: readonly string[],
  stale: ReadonlySet<string>,
  { period, comparison }: { period: SitePeriod; comparison: SitePeriod },
): [string, string][] {
  const runs: [string, string][] = [];
  for (const { from, to } of [period, comparison]) {
    let run: [string, string] | null = null;
    for (const day of days) {
      if (day < from || day > to) continue;
      if (!stale.has(day)) run = null;
      else if (run) run[1] = day;
      else runs.push((run = [day, day]));
    }
  }
  runs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const merged: [string, string][] = [];
  for (const r of runs) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) {
      if (r[1] > last[1]) last[1] = r[1];
    } else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** Powers of two 2^0 … 2^51: `width_bucket` of a 52-bit value among them is its highest set bit + 1. */
const POWERS = `array[${Array.from({ length: 52 }, (_, i) => 2 ** i).join(', ')}]::float8[]`;
const MASK_52 = 2 ** 52 - 1;
const P = Math.log2(SKETCH_REGISTERS);

/**
 * Works out the filtered days of `stale` from their visits and keeps them (in the caller's
 * transaction): figures, distinct visitors and sketch for each, parts for those in `period`.
 */
export async function workOutFilteredDays(
  trx: Knex.Transaction,
  filters: AnalyticsFilters,
  { set, days: sorted, stale }: SortedDays,
  periods: { period: SitePeriod; comparison: SitePeriod },
): Promise<void> {
  const { period } = periods;
  if (stale.length === 0) return;
  const days = stale.map((s) => s.day);
  const runs = staleRuns(sorted, new Set(days), periods);
  const where = visitFilterSql(filters);
  const page = filters.page === undefined ? null : pageMatchSql('pg.path', filters.page);
  // Under a page filter a visit's page views are those of matching pages (Plausible's definition).
  const shownPageviews = page
    ? `(select coalesce(sum(pg.views::int), 0) from ${pagesOf('v')} where ${page.sql})::int`
    : 'v.pageviews';
  const pageBindings = page ? [page.binding] : [];
  // Compiling a plan costs more here than it saves (0.45 s of 0.8 s measured on 10 million page
  // views); the sketch's registers are grouped per day in memory, not on disk.
  await trx.raw('set local jit = off');
  await trx.raw(`set local work_mem = '64MB'`);
  await trx.raw(
    `create temporary table filtered_visits on commit drop as
       select v.session_id, v.day, v.pages,
              (v.pageviews = 1 and v.interactions = 0) as bounce,
              extract(epoch from v.last_at - v.started_at)::float8 as duration_s,
              ${shownPageviews} as pageviews,
              ${VISIT_DIMENSIONS.map((d) => `${DIMENSION_SQL[d]} as ${d}`).join(', ')}
       from analytics.visits v
       where (${runs.map(() => 'v.day between ?::date and ?::date').join(' or ')}) and ${where.sql}`,
    [...pageBindings, ...runs.flat(), ...where.bindings],
  );
  await trx.raw(
    `insert into analytics.filtered_days
       (filter_set, day, version, with_parts, visits, bounces, duration_s, pageviews, visitor_sketch)
     select ?, s.day, s.version, s.day between ?::date and ?::date,
            coalesce(f.visits, 0), coalesce(f.bounces, 0), coalesce(f.duration_s, 0), coalesce(f.pageviews, 0),
            coalesce(k.sketch, ''::bytea)
     from unnest(?::date[], ?::bigint[]) as s(day, version)
     left join (
       select day, count(*)::int as visits, (count(*) filter (where bounce))::int as bounces,
              coalesce(sum(duration_s), 0)::float8 as duration_s, coalesce(sum(pageviews), 0)::int as pageviews
       from filtered_visits group by day
     ) f on f.day = s.day
     left join (
       select day, decode(string_agg(lpad(to_hex((reg << 6) | rank), 6, '0'), ''), 'hex') as sketch
       from (
         select day, (h & ${SKETCH_REGISTERS - 1})::int as reg,
                max(${65 - P} - width_bucket(((h >> ${P}) & ${MASK_52})::float8, ${POWERS}))::int as rank
         from (select day, hashtextextended(session_id, 0) as h from filtered_visits) hashed
         group by day, reg
       ) registers group by day
     ) k on k.day = s.day
     on conflict (filter_set, day) do update set
       version = excluded.version, with_parts = excluded.with_parts, visits = excluded.visits,
       bounces = excluded.bounces, duration_s = excluded.duration_s, pageviews = excluded.pageviews,
       visitor_sketch = excluded.visitor_sketch`,
    [set, period.from, period.to, days, stale.map((s) => s.version)],
  );
  await trx.raw('delete from analytics.filtered_day_parts where filter_set = ? and day = any(?::date[])', [set, days]);
  // Every dimension's rows in one scan, one hash table per grouping set (3× faster than a row per
  // visit and dimension grouped at once, measured on a year of a million page views). In a set's
  // rows only its own column is set, and a dimension's value is never null.
  await trx.raw(
    `insert into analytics.filtered_day_parts (filter_set, day, dimension, value, visits, bounces, pageviews)
     select ?, day, case ${VISIT_DIMENSIONS.map((d) => `when grouping(${d}) = 0 then '${d}'`).join(' ')} end,
            coalesce(${VISIT_DIMENSIONS.join(', ')}),
            count(*)::int, (count(*) filter (where bounce))::int, coalesce(sum(pageviews), 0)::int
     from filtered_visits
     where day between ?::date and ?::date
     group by grouping sets (${VISIT_DIMENSIONS.map((d) => `(day, ${d})`).join(', ')})`,
    [set, period.from, period.to],
  );
  await trx.raw(
    `insert into analytics.filtered_day_parts (filter_set, day, dimension, value, visits, bounces, pageviews)
     select ?, v.day, 'page', pg.path, 0, 0, sum(pg.views::int)::int
     from filtered_visits v cross join lateral ${pagesOf('v')}
     where v.day between ?::date and ?::date ${page ? `and ${page.sql}` : ''}
     group by v.day, pg.path`,
    [set, period.from, period.to, ...pageBindings],
  );
}

/** The kept filtered days of `days` (every one worked out by now). */
export async function readFilteredDays(trx: Knex.Transaction, set: number, days: readonly string[]) {
  const { rows } = await trx.raw<{
    rows: (Omit<FilteredDay, 'visitor_sketch' | 'visitors'> & { visitor_sketch: unknown })[];
  }>(
    `select day::text as day, visits, bounces, duration_s, pageviews, visitor_sketch
     from analytics.filtered_days where filter_set = ? and day = any(?::date[])`,
    [set, [...days]],
  );
  return rows.map((r): FilteredDay => {
    const sparse = r.visitor_sketch instanceof Uint8Array ? r.visitor_sketch : new Uint8Array();
    return { ...r, visitor_sketch: sparse, visitors: estimateSketch(mergeSparseSketch(emptySketch(), sparse)) };
  });
}

/** The tables' rows of the days of `days` within a period, summed over them. */
export async function readFilteredParts(
  trx: Knex.Transaction,
  set: number,
  days: readonly string[],
  { from, to }: SitePeriod,
): Promise<PartRow[]> {
  const inPeriod = days.filter((d) => d >= from && d <= to);
  const { rows } = await trx.raw<{ rows: PartRow[] }>(
    `select dimension, value, sum(visits)::int as visits, sum(bounces)::int as bounces, sum(pageviews)::int as pageviews
     from analytics.filtered_day_parts where filter_set = ? and day = any(?::date[])
     group by dimension, value`,
    [set, inPeriod],
  );
  return rows;
}

/** Adds a filtered day's sparse sketch (3 bytes a register: index << 6 | rank) into a full one. */
export function mergeSparseSketch(into: Uint8Array, sparse: Uint8Array): Uint8Array {
  for (let i = 0; i + 2 < sparse.length; i += 3) {
    const v = (sparse[i]! << 16) | (sparse[i + 1]! << 8) | sparse[i + 2]!;
    const reg = v >> 6;
    const rank = v & 63;
    if (rank > into[reg]!) into[reg] = rank;
  }
  return into;
}

/** Forgets the sets of filters nobody viewed for FILTERED_DAYS_KEEP_DAYS, with their days and parts. */
export async function forgetUnviewedFilterSets(knex: Knex): Promise<number> {
  const { rows } = await knex.raw<{ rows: unknown[] }>(
    `delete from analytics.filter_sets where viewed_at < now() - make_interval(days => ?) returning filters`,
    [FILTERED_DAYS_KEEP_DAYS],
  );
  return rows.length;
}

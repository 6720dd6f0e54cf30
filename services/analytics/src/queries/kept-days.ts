/**
 * Kept days: what a view counts on one day under a set of filters — the drill-down answer
 * (filtered-days.ts), a goal's conversions and a funnel's steps (goals/) — kept once worked out
 * from the visits and used again while the day's `daily_totals.version` is the one it was worked
 * out at (the migration tells how versions move). A view asked again reads a row a day, whatever
 * the traffic; the first look, and the days that changed since (today, mostly), read those days'
 * visits only. Matomo keeps a segment's reports the same way ("archives", built when a report is
 * viewed), and is told by hand when past days change; here every stored batch tells.
 *
 * Distinct visitors over days come from HyperLogLog sketches worked out in SQL from
 * `hashtextextended` (the hash differs from visitor-sketch.ts's, so these merge only with each
 * other, into the same 4,096 registers), stored sparse: 3 bytes a register that was hit,
 * `step << 18 | register << 6 | rank` (the step of a funnel; 0 otherwise).
 */
import { createHash } from 'node:crypto';
import type { AnalyticsFilters, SitePeriod } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { hourOfSql } from '../visits/visit-hours.ts';
import { SKETCH_REGISTERS } from '../visits/visitor-sketch.ts';

/** Bumped when what a kept day holds or means changes: days kept under another format are never read. */
const FORMAT = 1;
/** A view not opened for this many days is forgotten with its kept days. */
export const KEPT_DAYS_KEEP_DAYS = 30;

/** What a view shows, named one way whatever order its filters came in. */
export type ViewOf = { filters: AnalyticsFilters; goal?: string; funnel?: readonly string[] };

/** A view's name: its filters in order, and the goal (`kind:value`) or funnel it counts. */
export function keptViewKey({ filters, goal, funnel }: ViewOf): string {
  const entries = Object.entries(filters)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([FORMAT, entries, goal ?? null, funnel ?? null]);
}

/**
 * The number of a view, noted as viewed now, with its lock taken for the transaction: two staff
 * asking the same view work its days out one after the other, once. A reader takes its filters'
 * view first, then a goal's or a funnel's, so locks are always taken in that order.
 */
export async function openKeptView(trx: Knex.Transaction, view: ViewOf): Promise<number> {
  const key = keptViewKey(view);
  const hash = createHash('sha256').update(key).digest('hex');
  await trx.raw(`select pg_advisory_xact_lock(hashtext('lp-analytics-kept-days'), hashtext(?))`, [hash]);
  const { rows } = await trx.raw<{ rows: { id: number }[] }>(
    `insert into analytics.kept_views (view_hash, view, viewed_at) values (?, ?, now())
     on conflict (view_hash) do update set viewed_at = excluded.viewed_at returning id`,
    [hash, key],
  );
  return rows[0]!.id;
}

/** The days of some periods that have visits (in order), and those to work out with their versions. */
export type SortedDays = { days: string[]; stale: { day: string; version: string }[] };

/**
 * Sorts the days of `ranges` that have visits: kept (`current`, over the kept row `k` joined by
 * `join`, holds) or to work out, with the version each is worked out at. Read before the visits
 * are, so a batch stored meanwhile leaves a day marked older than what it holds, and worked out
 * again next time, never the reverse.
 */
export async function sortKeptDays(
  trx: Knex.Transaction,
  ranges: readonly SitePeriod[],
  kept: { join: string; current: string; bindings: readonly (string | number)[] },
): Promise<SortedDays> {
  const { rows } = await trx.raw<{ rows: { day: string; version: string; kept: boolean }[] }>(
    `select t.day::text as day, t.version::text as version, coalesce(${kept.current}, false) as kept
     from analytics.daily_totals t ${kept.join}
     where ${ranges.map(() => 't.day between ?::date and ?::date').join(' or ')}
     order by t.day`,
    [...kept.bindings, ...ranges.flatMap((r) => [r.from, r.to])],
  );
  return {
    days: rows.map((r) => r.day),
    stale: rows.filter((r) => !r.kept).map(({ day, version }) => ({ day, version })),
  };
}

/**
 * The stale days as ranges of days to read visits from: within a period, consecutive stale days
 * of `days` (the days with visits, in order) make one range, since the days between them have no
 * visits; a kept day, or a day outside the periods, ends it. A range reads in one index scan
 * where a list of 730 days cost twice the whole answer (a 730-element `= any` per visit).
 */
export function staleRuns(
  days: readonly string[],
  stale: ReadonlySet<string>,
  ranges: readonly SitePeriod[],
): [string, string][] {
  const runs: [string, string][] = [];
  for (const { from, to } of ranges) {
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

/** `column` within the stale days' ranges, as SQL with its bindings. */
export function inStaleDaysSql(column: string, sorted: SortedDays, ranges: readonly SitePeriod[]) {
  const runs = staleRuns(sorted.days, new Set(sorted.stale.map((s) => s.day)), ranges);
  return {
    sql: `(${runs.map(() => `${column} between ?::date and ?::date`).join(' or ')})`,
    bindings: runs.flat(),
  };
}

/** The stale days with their versions as a relation `s(day, version)`, and its bindings. */
export function staleDaysSql(sorted: SortedDays) {
  return {
    sql: 'unnest(?::date[], ?::bigint[]) as s(day, version)',
    bindings: [sorted.stale.map((s) => s.day), sorted.stale.map((s) => s.version)],
  };
}

/** Where a goal's or a funnel's rows are kept, a day or an hour a row. */
export type SlicedTable = 'goal_days' | 'funnel_days';

/** A kept row's unit: a whole day (hour -1, at the day's version) or an hour of it (at the hour's). */
export type Slice = { day: string; hour: number; version: string };

/**
 * The days of a period with visits (in order), the slices to work out, and the day kept by the
 * hour: the period's last day, when it is not kept whole.
 */
export type SortedSlices = { days: string[]; stale: Slice[]; byHour: string | null };

/**
 * Sorts a goal's or a funnel's slices over a period: every day but the last is kept whole; the
 * last (today, mostly, which every page view changes) by the hour unless it is kept whole and
 * current, so a page view makes its hour be worked out again, not the day. A day kept by the hour
 * that is no longer a period's last is worked out whole once. Versions are read before the visits.
 */
export async function sortKeptSlices(
  trx: Knex.Transaction,
  table: SlicedTable,
  view: number,
  period: SitePeriod,
): Promise<SortedSlices> {
  const days = await sortKeptDays(trx, [period], {
    join: `left join analytics.${table} k on k.kept_view = ? and k.day = t.day and k.hour = -1`,
    current: 'k.version = t.version',
    bindings: [view],
  });
  const last = days.days.at(-1);
  const stale = days.stale.map(({ day, version }) => ({ day, hour: -1, version }));
  if (last !== period.to || stale.at(-1)?.day !== last) return { days: days.days, stale, byHour: null };
  const { rows } = await trx.raw<{ rows: { hour: number; version: string; kept: boolean }[] }>(
    `select h.hour, h.version::text as version, coalesce(k.version = h.version, false) as kept
     from analytics.hour_versions h
     left join analytics.${table} k on k.kept_view = ? and k.day = h.day and k.hour = h.hour
     where h.day = ?::date order by h.hour`,
    [view, last],
  );
  stale.pop();
  for (const r of rows) if (!r.kept) stale.push({ day: last, hour: r.hour, version: r.version });
  return { days: days.days, stale, byHour: last };
}

/** The slices of several views (a report's goals) together: what their one work-out reads. */
export function unionOfSlices(all: readonly SortedSlices[]): SortedSlices {
  const stale = new Map<string, Slice>();
  for (const s of all) for (const slice of s.stale) stale.set(`${slice.day}|${slice.hour}`, slice);
  return {
    days: [...new Set(all.flatMap((s) => s.days))].sort(),
    stale: [...stale.values()],
    byHour: all.find((s) => s.byHour !== null)?.byHour ?? null,
  };
}

/**
 * The visits of the stale slices (over `v.day` and `v.started_at`): whole days as ranges, and the
 * hours of the day kept by the hour; with `slice`, each visit's hour there and -1 elsewhere.
 */
export function inStaleSlicesSql(sorted: SortedSlices, period: SitePeriod) {
  const whole = sorted.stale.filter((s) => s.hour === -1);
  const hours = sorted.stale.filter((s) => s.hour !== -1).map((s) => s.hour);
  const parts: { sql: string; bindings: (string | number[])[] }[] = [];
  if (whole.length > 0) parts.push(inStaleDaysSql('v.day', { days: sorted.days, stale: whole }, [period]));
  if (hours.length > 0)
    parts.push({
      sql: `(v.day = ?::date and ${hourOfSql('v.started_at')} = any(?::int[]))`,
      bindings: [sorted.byHour!, hours],
    });
  return {
    sql: `(${parts.map((p) => p.sql).join(' or ')})`,
    bindings: parts.flatMap((p) => p.bindings),
    slice:
      sorted.byHour === null
        ? { sql: '-1', bindings: [] as string[] }
        : { sql: `case when v.day = ?::date then ${hourOfSql('v.started_at')} else -1 end`, bindings: [sorted.byHour] },
  };
}

/**
 * Removes the rows the view's stale slices replace: the hours of a day now worked out whole, and
 * the whole row and the gone hours (a refresh renumbers them) of the day kept by the hour.
 */
export async function dropReplacedSlices(
  trx: Knex.Transaction,
  table: SlicedTable,
  view: number,
  sorted: SortedSlices,
): Promise<void> {
  const whole = sorted.stale.filter((s) => s.hour === -1).map((s) => s.day);
  if (whole.length > 0)
    await trx.raw(`delete from analytics.${table} where kept_view = ? and day = any(?::date[]) and hour <> -1`, [
      view,
      whole,
    ]);
  if (sorted.byHour !== null)
    await trx.raw(
      `delete from analytics.${table} k where k.kept_view = ? and k.day = ?::date and (k.hour = -1 or not exists
         (select 1 from analytics.hour_versions h where h.day = k.day and h.hour = k.hour))`,
      [view, sorted.byHour],
    );
}

/** Powers of two 2^0 … 2^51: `width_bucket` of a 52-bit value among them is its highest set bit + 1. */
const POWERS = `array[${Array.from({ length: 52 }, (_, i) => 2 ** i).join(', ')}]::float8[]`;
const MASK_52 = 2 ** 52 - 1;
const P = Math.log2(SKETCH_REGISTERS);

/**
 * Sparse sketches of the session ids of `source` (a relation with `session_id`, `step` and the
 * columns of `by`), one `sketch` per group of `by`. Its registers are grouped in memory: run it
 * with work_mem to spare (`set local work_mem`).
 */
export function sketchesSql(source: string, by: string): string {
  return `select ${by}, decode(string_agg(lpad(to_hex((step << 18) | (reg << 6) | rank), 6, '0'), ''), 'hex') as sketch
    from (
      select ${by}, step, (h & ${SKETCH_REGISTERS - 1})::int as reg,
             max(${65 - P} - width_bucket(((h >> ${P}) & ${MASK_52})::float8, ${POWERS}))::int as rank
      from (select ${by}, step, hashtextextended(session_id, 0) as h from ${source}) hashed
      group by ${by}, step, reg
    ) registers group by ${by}`;
}

/** Adds one step's registers of a sparse sketch (`step << 18 | register << 6 | rank`) into a full one. */
export function mergeSparseSketch(into: Uint8Array, sparse: Uint8Array, step = 0): Uint8Array {
  for (let i = 0; i + 2 < sparse.length; i += 3) {
    const v = (sparse[i]! << 16) | (sparse[i + 1]! << 8) | sparse[i + 2]!;
    if (v >> 18 !== step) continue;
    const reg = (v >> 6) & (SKETCH_REGISTERS - 1);
    const rank = v & 63;
    if (rank > into[reg]!) into[reg] = rank;
  }
  return into;
}

/** A bytea as the pg driver or PGlite returns it (empty when there is none). */
export const bytesOf = (value: unknown): Uint8Array => (value instanceof Uint8Array ? value : new Uint8Array());

/** Forgets the views nobody opened for KEPT_DAYS_KEEP_DAYS, with all their kept days. */
export async function forgetUnviewedKeptViews(knex: Knex): Promise<number> {
  const { rows } = await knex.raw<{ rows: unknown[] }>(
    `delete from analytics.kept_views where viewed_at < now() - make_interval(days => ?) returning id`,
    [KEPT_DAYS_KEEP_DAYS],
  );
  return rows.length;
}

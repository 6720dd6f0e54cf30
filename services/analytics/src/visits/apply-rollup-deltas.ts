/**
 * Applies the difference between a set of visits before and after a batch to the daily
 * roll-ups (in the caller's transaction): each old visit is subtracted and each new one added
 * on its start day, in the totals and under every dimension; page views count under their
 * page on the day they happened; the day's visitor sketch takes the new visits' visitor ids.
 * A redelivered batch nets to nothing and writes nothing.
 */
import { siteDayOf } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { addToSketch, emptySketch, estimateSketch, sketchOf } from './visitor-sketch.ts';
import { hourOf, renewHours } from './visit-hours.ts';
import { dimensionValues, figuresOf, type Figures, type VisitRow, VISIT_DIMENSIONS } from './visit-rows.ts';

type Delta = Figures & { day: string; dimension: string; value: string };

/** A breakdown row's difference, from zero (written out: a spread of `zero()` copies on a slow path). */
const part = (day: string, dimension: string, value: string): Delta => ({
  visits: 0,
  bounces: 0,
  duration_s: 0,
  pageviews: 0,
  day,
  dimension,
  value,
});

const keyOf = (v: VisitRow) =>
  `${v.session_id}|${v.started_at.getTime()}|${v.last_at.getTime()}|${v.pageviews}|${v.interactions}`;

export async function applyRollupDeltas(
  trx: Knex,
  change: { before: VisitRow[]; after: VisitRow[] },
  pageviews: readonly { path: string; occurredAt: Date }[],
  timeZone: string,
): Promise<void> {
  // A visit found unchanged (same bounds and counts) contributes nothing either way.
  const beforeKeys = new Set(change.before.map(keyOf));
  const afterKeys = new Set(change.after.map(keyOf));
  const removed = change.before.filter((v) => !afterKeys.has(keyOf(v)));
  const added = change.after.filter((v) => !beforeKeys.has(keyOf(v)));

  const totals = new Map<string, Figures>();
  const parts = new Map<string, Delta>();
  const bump = (map: Map<string, Figures>, key: string, f: Figures, make: () => Figures) => {
    let t = map.get(key);
    if (!t) {
      t = make();
      map.set(key, t);
    }
    t.visits += f.visits;
    t.bounces += f.bounces;
    t.duration_s += f.duration_s;
    t.pageviews += f.pageviews;
  };
  const zero = (): Figures => ({ visits: 0, bounces: 0, duration_s: 0, pageviews: 0 });
  const bumpPart = (day: string, dimension: string, value: string, f: Figures) =>
    bump(parts as Map<string, Figures>, `${day}|${dimension}|${value}`, f, () => part(day, dimension, value));
  const addVisit = (v: VisitRow, sign: 1 | -1) => {
    const f = figuresOf(v, sign);
    bump(totals, v.day, f, zero);
    const dims = dimensionValues(v);
    for (const dimension of VISIT_DIMENSIONS) bumpPart(v.day, dimension, dims[dimension], f);
  };
  // A visit a batch extended is in both lists (same session and start, so the same day): its
  // change is one difference under each dimension whose value stayed (all but the exit page,
  // mostly), instead of the old visit out and the new one in under every dimension.
  const startOf = (v: VisitRow) => `${v.session_id}|${v.started_at.getTime()}`;
  const extended = new Map(removed.map((v) => [startOf(v), v]));
  for (const after of added) {
    const before = extended.get(startOf(after));
    if (!before || before.day !== after.day) {
      addVisit(after, 1);
      continue;
    }
    extended.delete(startOf(after));
    const out = figuresOf(before, -1);
    const into = figuresOf(after, 1);
    const change: Figures = {
      visits: out.visits + into.visits,
      bounces: out.bounces + into.bounces,
      duration_s: out.duration_s + into.duration_s,
      pageviews: out.pageviews + into.pageviews,
    };
    bump(totals, after.day, change, zero);
    const was = dimensionValues(before);
    const now = dimensionValues(after);
    for (const dimension of VISIT_DIMENSIONS) {
      if (was[dimension] === now[dimension]) bumpPart(after.day, dimension, now[dimension], change);
      else {
        bumpPart(before.day, dimension, was[dimension], out);
        bumpPart(after.day, dimension, now[dimension], into);
      }
    }
  }
  for (const before of extended.values()) addVisit(before, -1);
  const onePageView: Figures = { visits: 0, bounces: 0, duration_s: 0, pageviews: 1 };
  for (const pv of pageviews) {
    const day = siteDayOf(pv.occurredAt, timeZone);
    // The day's totals row is written (its page views come with its visits), the page's counts one.
    if (!totals.has(day)) totals.set(day, zero());
    bumpPart(day, 'page', pv.path, onePageView);
  }

  const nonZero = (f: Figures) =>
    f.visits !== 0 || f.bounces !== 0 || f.pageviews !== 0 || Math.abs(f.duration_s) > 1e-9;
  // Rows in one order (day, dimension, value) in every batch: batches of other partitions update
  // the same rows at the same time, and rows locked in one order cannot deadlock.
  const partRows = [...parts]
    .filter(([, f]) => nonZero(f))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, row]) => row);
  if (partRows.length > 0) {
    await trx
      .withSchema('analytics')
      .table('daily_breakdowns')
      .insert(partRows)
      .onConflict(['day', 'dimension', 'value'])
      .merge({
        visits: trx.raw('daily_breakdowns.visits + excluded.visits'),
        bounces: trx.raw('daily_breakdowns.bounces + excluded.bounces'),
        duration_s: trx.raw('daily_breakdowns.duration_s + excluded.duration_s'),
        pageviews: trx.raw('daily_breakdowns.pageviews + excluded.pageviews'),
      });
  }

  // Visitor sketches of the days that gained a visit; adding an id twice changes nothing. A day
  // that lost a visitor's only visit (a late hit moved the visit to the day before) is rebuilt
  // from its visits, since a sketch cannot forget an id.
  // A visitor whose visit on a day was replaced (extended, mostly) is in that day's sketch already:
  // only the days' other visitors are hashed in.
  const idsByDay = new Map<string, string[]>();
  const hadOn = new Set(removed.map((v) => `${v.day}|${v.session_id}`));
  const keptOn = new Set<string>();
  for (const v of added) {
    const key = `${v.day}|${v.session_id}`;
    keptOn.add(key);
    if (hadOn.has(key)) continue;
    const ids = idsByDay.get(v.day);
    if (ids) ids.push(v.session_id);
    else idsByDay.set(v.day, [v.session_id]);
  }
  const rebuild = new Set(removed.filter((v) => !keptOn.has(`${v.day}|${v.session_id}`)).map((v) => v.day));
  for (const day of rebuild) if (!idsByDay.has(day)) idsByDay.set(day, []);
  const sketches = new Map<string, Uint8Array>();
  // The days' totals rows, locked (in day order) before their sketches are read: a batch of
  // another partition adding to the same day waits, then reads the sketch this one wrote.
  const lockedDays = [...new Set([...totals.keys(), ...idsByDay.keys()])].sort();
  if (lockedDays.length > 0) {
    await trx.raw(
      `insert into analytics.daily_totals (day) select value::date from json_array_elements_text(?::json)
       on conflict (day) do nothing`,
      [JSON.stringify(lockedDays)],
    );
    const { rows } = await trx.raw<{ rows: { day: string; visitor_sketch: unknown }[] }>(
      `select day::text as day, visitor_sketch from analytics.daily_totals
       where day in (select value::date from json_array_elements_text(?::json)) order by day for update`,
      [JSON.stringify(lockedDays)],
    );
    const stored = new Map(rows.map((r) => [r.day, sketchOf(r.visitor_sketch)]));
    for (const [day, ids] of idsByDay) {
      if (rebuild.has(day)) {
        const { rows: all } = await trx.raw<{ rows: { session_id: string }[] }>(
          'select distinct session_id from analytics.visits where day = ?::date',
          [day],
        );
        sketches.set(
          day,
          addToSketch(
            emptySketch(),
            all.map((r) => r.session_id),
          ),
        );
        continue;
      }
      const s = stored.get(day);
      sketches.set(day, addToSketch(s ? new Uint8Array(s) : emptySketch(), ids));
    }
  }

  // Every day whose visits or page views changed gets a new version, its figures changed or not
  // (an interaction in a visit that was no bounce changes none): the filtered days kept for it
  // (queries/filtered-days.ts) are then worked out again.
  const totalRows = lockedDays.map((day) => {
    const t = totals.get(day) ?? zero();
    const sketch = sketches.get(day);
    return {
      day,
      ...t,
      ...(sketch ? { visitor_sketch: Buffer.from(sketch), visitors: estimateSketch(sketch) } : {}),
      hasSketch: !!sketch,
    };
  });
  for (const { hasSketch, ...row } of totalRows) {
    const merge: Record<string, unknown> = {
      visits: trx.raw('daily_totals.visits + excluded.visits'),
      bounces: trx.raw('daily_totals.bounces + excluded.bounces'),
      duration_s: trx.raw('daily_totals.duration_s + excluded.duration_s'),
      pageviews: trx.raw('daily_totals.pageviews + excluded.pageviews'),
      version: trx.raw(`nextval('analytics.day_versions')`),
    };
    if (hasSketch) {
      merge.visitor_sketch = trx.raw('excluded.visitor_sketch');
      merge.visitors = trx.raw('excluded.visitors');
    }
    await trx.withSchema('analytics').table('daily_totals').insert(row).onConflict('day').merge(merge);
  }
  // And every hour a changed visit started in, as it was and as it is: the goals' and funnels'
  // slices of those hours are worked out again (goals/, queries/kept-days.ts).
  await renewHours(trx, new Set([...removed, ...added].map((v) => `${v.day}|${hourOf(v.started_at)}`)));
}

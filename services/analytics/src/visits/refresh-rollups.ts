/**
 * Re-aggregates whole days from the raw hits: rebuilds the visits that started on those days
 * (reading one day either side, so visits across midnight are whole) and their roll-ups, in
 * one transaction under the roll-up lock. Idempotent, and safe to run beside the consumers or
 * another refresh. Days whose raw month was dropped by retention are left as they are.
 */
import { DEFAULT_SITE_TIME_ZONE } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { lockRollups } from './record-hits.ts';
import { siteEventsSql } from './count-site-events.ts';
import { sessionizeSql } from './sessionize-sql.ts';
import { renumberHoursOfDays } from './visit-hours.ts';
import { zoneLiteral } from './site-day.ts';
import { addToSketch, emptySketch, estimateSketch } from './visitor-sketch.ts';
import { VISIT_COLUMNS, type VisitDimension } from './visit-rows.ts';

/** Each visit dimension's value in SQL over analytics.visits ('' for none), as dimensionValues gives it. */
export const DIMENSION_SQL: Record<VisitDimension, string> = {
  entry_page: `coalesce(entry_path, '')`,
  exit_page: `coalesce(exit_path, '')`,
  referrer: `coalesce(referrer_host, '')`,
  source: `coalesce(utm_source, referrer_host, '')`,
  utm_source: `coalesce(utm_source, '')`,
  utm_medium: `coalesce(utm_medium, '')`,
  utm_campaign: `coalesce(utm_campaign, '')`,
  utm_term: `coalesce(utm_term, '')`,
  utm_content: `coalesce(utm_content, '')`,
  device: `coalesce(device, '')`,
  browser: `coalesce(browser, '')`,
  os: `coalesce(os, '')`,
  country: `coalesce(country, '')`,
  // The labels of contracts' regionLabel and cityLabel.
  region: `case when region is null then '' else region || ', ' || coalesce(country, '') end`,
  city: `case when city is null then '' else concat_ws(', ', city, region, coalesce(country, '')) end`,
};

/** The first day whose raw hits are all still kept (null: nothing dropped yet). */
async function firstKeptDay(trx: Knex, TZ: string): Promise<string | null> {
  const { rows } = await trx.raw<{ rows: { kept_from: string | null }[] }>(
    `select (min(lower_bound) at time zone ${TZ})::date::text as kept_from from (
       select (regexp_match(pg_get_expr(c.relpartbound, c.oid), '''([^'']+)'''))[1]::timestamptz as lower_bound
       from pg_inherits i join pg_class c on c.oid = i.inhrelid
       join pg_class p on p.oid = i.inhparent join pg_namespace n on n.oid = p.relnamespace
       where n.nspname = 'analytics' and p.relname = 'page_views') b`,
  );
  return rows[0]?.kept_from ?? null;
}

export async function refreshRollups(
  knex: Knex,
  from: string,
  to: string,
  timeZone: string = DEFAULT_SITE_TIME_ZONE,
): Promise<{ from: string; to: string }> {
  const TZ = zoneLiteral(timeZone);
  return knex.transaction(async (trx) => {
    await lockRollups(trx);
    const keptFrom = await firstKeptDay(trx, TZ);
    // A partially kept first month is not re-aggregated: its roll-ups hold what raw no longer does.
    if (keptFrom && from <= keptFrom) from = keptFrom;
    if (from > to) return { from, to };
    const range = `where X.occurred_at >= ((?::date - 1)::timestamp at time zone ${TZ})
                   and X.occurred_at < ((?::date + 2)::timestamp at time zone ${TZ})`;
    const { sql, bindings } = sessionizeSql({
      pageViews: range.replaceAll('X.', 'p.'),
      events: range.replaceAll('X.', 'e.'),
      bindings: [from, to, from, to],
      timeZone,
    });
    await trx.raw(`delete from analytics.visits where day between ?::date and ?::date`, [from, to]);
    // In the order the consumer stores them (as they start), so a day's visits sit in a run of
    // blocks: a day read later (a filtered day, a goal's) reads a twentieth of the blocks it
    // would in the sessionizing's order, where a month's days share every block.
    await trx.raw(
      `insert into analytics.visits (${VISIT_COLUMNS})
       select ${VISIT_COLUMNS.replace('day,', 'day::date,')} from (${sql}) s where s.day::date between ?::date and ?::date
       order by s.started_at`,
      [...bindings, from, to],
    );
    await renumberHoursOfDays(trx, from, to);
    await trx.raw(`delete from analytics.daily_totals where day between ?::date and ?::date`, [from, to]);
    await trx.raw(`delete from analytics.daily_breakdowns where day between ?::date and ?::date`, [from, to]);
    await trx.raw(`delete from analytics.daily_events where day between ?::date and ?::date`, [from, to]);
    await trx.raw(`insert into analytics.daily_events (day, name, value, referrer, hits) ${siteEventsSql(timeZone)}`, [
      from,
      to,
    ]);
    await trx.raw(
      `insert into analytics.daily_totals (day, visits, bounces, duration_s, pageviews)
       select day, count(*), count(*) filter (where pageviews = 1 and interactions = 0),
              coalesce(sum(extract(epoch from last_at - started_at)), 0), sum(pageviews)
       from analytics.visits where day between ?::date and ?::date group by day`,
      [from, to],
    );
    for (const [dimension, expr] of Object.entries(DIMENSION_SQL)) {
      await trx.raw(
        `insert into analytics.daily_breakdowns (day, dimension, value, visits, bounces, duration_s, pageviews)
         select day, ?, ${expr}, count(*), count(*) filter (where pageviews = 1 and interactions = 0),
                coalesce(sum(extract(epoch from last_at - started_at)), 0), sum(pageviews)
         from analytics.visits where day between ?::date and ?::date group by day, ${expr}`,
        [dimension, from, to],
      );
    }
    await trx.raw(
      `insert into analytics.daily_breakdowns (day, dimension, value, pageviews)
       select (occurred_at at time zone ${TZ})::date, 'page', path, count(*)
       from analytics.page_views
       where occurred_at >= (?::date::timestamp at time zone ${TZ})
         and occurred_at < ((?::date + 1)::timestamp at time zone ${TZ})
       group by 1, 3`,
      [from, to],
    );
    const ids = await trx.raw<{ rows: { day: string; ids: string[] }[] }>(
      `select day::text as day, array_agg(distinct session_id) as ids from analytics.visits
       where day between ?::date and ?::date group by day`,
      [from, to],
    );
    for (const { day, ids: list } of ids.rows) {
      const sketch = addToSketch(emptySketch(), list);
      await trx.raw(`update analytics.daily_totals set visitor_sketch = ?, visitors = ? where day = ?::date`, [
        Buffer.from(sketch),
        estimateSketch(sketch),
        day,
      ]);
    }
    return { from, to };
  });
}

/**
 * UTM terms (the paid keyword) and contents (which link or ad of a campaign) as visit dimensions:
 * each visit keeps its first page view's `utm_term` and `utm_content` (the raw page views always
 * had them), and both become `daily_breakdowns` dimensions kept in step like the others. Visits
 * stored before get theirs from the raw page views still kept (the first of the visit's session
 * between its first and last hit); one whose month was dropped keeps none ('' in the tables).
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table analytics.visits add column utm_term text, add column utm_content text');
  await knex.raw(`
    update analytics.visits v set (utm_term, utm_content) = (
      select p.utm_term, p.utm_content from analytics.page_views p
      where p.session_id = v.session_id and p.occurred_at between v.started_at and v.last_at
      order by p.occurred_at, p.id limit 1
    )
    where v.pageviews > 0`);
  for (const dimension of ['utm_term', 'utm_content'])
    await knex.raw(
      `insert into analytics.daily_breakdowns (day, dimension, value, visits, bounces, duration_s, pageviews)
       select day, ?, coalesce(${dimension}, ''), count(*),
              count(*) filter (where pageviews = 1 and interactions = 0),
              coalesce(sum(extract(epoch from last_at - started_at)), 0), sum(pageviews)
       from analytics.visits group by 1, 3
       on conflict (day, dimension, value) do nothing`,
      [dimension],
    );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`delete from analytics.daily_breakdowns where dimension in ('utm_term', 'utm_content')`);
  await knex.raw('alter table analytics.visits drop column utm_term, drop column utm_content');
}

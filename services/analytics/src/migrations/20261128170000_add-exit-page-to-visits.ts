/**
 * Exit pages: each visit keeps the path of its last page view (`exit_path`), and exit pages
 * become a `daily_breakdowns` dimension (`exit_page`), kept in step like the others. Visits
 * stored before get theirs from the raw page views still kept (the last of the visit's session
 * between its first and last hit, the one stored last on a tie); one whose month was dropped
 * keeps none ('' in the table, like a visit of events only).
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table analytics.visits add column exit_path text');
  await knex.raw(`
    update analytics.visits v set exit_path = (
      select p.path from analytics.page_views p
      where p.session_id = v.session_id and p.occurred_at between v.started_at and v.last_at
      order by p.occurred_at desc, p.id desc limit 1
    )
    where v.pageviews > 0`);
  await knex.raw(`
    insert into analytics.daily_breakdowns (day, dimension, value, visits, bounces, duration_s, pageviews)
    select day, 'exit_page', coalesce(exit_path, ''), count(*),
           count(*) filter (where pageviews = 1 and interactions = 0),
           coalesce(sum(extract(epoch from last_at - started_at)), 0), sum(pageviews)
    from analytics.visits group by 1, 3
    on conflict (day, dimension, value) do nothing`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`delete from analytics.daily_breakdowns where dimension = 'exit_page'`);
  await knex.raw('alter table analytics.visits drop column exit_path');
}

/**
 * Entry pages (the first page of each visit) become a `daily_breakdowns` dimension,
 * `entry_page`, kept in step like the others; filled here from the visits already stored.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    insert into analytics.daily_breakdowns (day, dimension, value, visits, bounces, duration_s, pageviews)
    select day, 'entry_page', coalesce(entry_path, ''), count(*),
           count(*) filter (where pageviews = 1 and interactions = 0),
           coalesce(sum(extract(epoch from last_at - started_at)), 0), sum(pageviews)
    from analytics.visits group by 1, 3
    on conflict (day, dimension, value) do nothing`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`delete from analytics.daily_breakdowns where dimension = 'entry_page'`);
}

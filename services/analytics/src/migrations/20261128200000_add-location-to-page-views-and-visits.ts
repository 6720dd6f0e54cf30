/**
 * Where visitors are: each page view keeps the country, region and city the gateway read from
 * its client address (never the address), and each visit its first page view's. Added on the
 * partitioned parent, so every partition, present and future, has them. Country, region and city
 * become `daily_breakdowns` dimensions; visits stored before have no location, so their days get
 * the '' rows a refresh would give them (shown as "Unknown"), and the tables stay in step.
 */
import type { Knex } from '@lp/runtime';

const DIMENSIONS = ['country', 'region', 'city'] as const;

export async function up(knex: Knex): Promise<void> {
  for (const column of DIMENSIONS) {
    await knex.raw(`alter table analytics.page_views add column ${column} text`);
    await knex.raw(`alter table analytics.visits add column ${column} text`);
  }
  await knex.raw(`
    insert into analytics.daily_breakdowns (day, dimension, value, visits, bounces, duration_s, pageviews)
    select v.day, d.dimension, '', count(*),
           count(*) filter (where v.pageviews = 1 and v.interactions = 0),
           coalesce(sum(extract(epoch from v.last_at - v.started_at)), 0), sum(v.pageviews)
    from analytics.visits v cross join (values ${DIMENSIONS.map((d) => `('${d}')`).join(', ')}) as d(dimension)
    group by v.day, d.dimension
    on conflict (day, dimension, value) do nothing`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`delete from analytics.daily_breakdowns where dimension in ('country', 'region', 'city')`);
  for (const column of DIMENSIONS) {
    await knex.raw(`alter table analytics.visits drop column ${column}`);
    await knex.raw(`alter table analytics.page_views drop column ${column}`);
  }
}

/**
 * Each visit keeps the pages it viewed and how often (`pages`: path → page views), so a
 * drill-down counts pages from the visits it keeps instead of joining the raw page views back
 * to them. Visits stored before get theirs from the raw page views still kept (the visit's
 * session between its first and last hit); one whose month was dropped keeps none.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table analytics.visits add column pages jsonb not null default '{}'::jsonb`);
  await knex.raw(`
    update analytics.visits v set pages = c.pages
    from (
      select v2.session_id, v2.started_at, jsonb_object_agg(p.path, p.views) as pages
      from analytics.visits v2
      cross join lateral (
        select path, count(*)::int as views from analytics.page_views
        where session_id = v2.session_id and occurred_at between v2.started_at and v2.last_at
        group by path
      ) p
      group by v2.session_id, v2.started_at
    ) c
    where v.session_id = c.session_id and v.started_at = c.started_at`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table analytics.visits drop column pages');
}

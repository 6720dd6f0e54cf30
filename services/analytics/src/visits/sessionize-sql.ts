/**
 * The one definition of a visit, as SQL shared by the per-batch rebuild and the day refresh:
 * a session id's hits ordered by time, a new visit after a gap over 30 minutes (sliding, so a
 * visit survives midnight). Page views (kind 1) and named events (kind 2, interactions) form
 * visits; engagement pings (kind 3) only extend one: a ping counts when the session's previous
 * page view or interaction is at most 30 minutes before it, and is dropped otherwise. The
 * visit's attributes (entry page, referrer host, UTM, device, browser, OS, location) are its first page
 * view's (the one stored first on a tie), its exit page its last page view's (the one stored last on a tie, as extending gives), and its pages the page views per path; its day is the day it started in the site's time zone. Own-site referrers count as
 * none. `:hits_filter` limits the page view and event scans (a time range, or sessions with
 * their windows).
 */
import { ENGAGEMENT_EVENT, VISIT_GAP_MINUTES, site } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { zoneLiteral } from './site-day.ts';

const GAP = `interval '${VISIT_GAP_MINUTES} minutes'`;

/** Referrer URL → lower-case host without `www.`; none for the site itself. */
/** Kept in step with `referrerHostOf` (extend-visits.ts). */
const referrerHost = (col: string) =>
  `nullif(nullif(regexp_replace(lower(substring(${col} from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:\\?#]+)')), '^www\\.', ''), ''), '${site.host}')`;

export type HitsFilter = {
  /** SQL joined to `page_views p` / `events e` (`from … as w`) or a where clause; uses `?` bindings. */
  pageViews: string;
  events: string;
  bindings: Knex.RawBinding[];
  /** The site's time zone (SITE_TIME_ZONE): a visit's day is the day it started there. */
  timeZone: string;
};

/** SQL selecting visits (the columns of analytics.visits) from the hits the filter selects. */
export function sessionizeSql(filter: HitsFilter): { sql: string; bindings: Knex.RawBinding[] } {
  const sql = `
with hits as (
  select p.session_id, p.occurred_at as at, 1 as kind, p.id, p.path, p.referrer, p.utm_source, p.utm_medium,
         p.utm_campaign, p.utm_term, p.utm_content, p.device_type, p.browser, p.os, p.country, p.region, p.city
  from analytics.page_views p ${filter.pageViews}
  union all
  select e.session_id, e.occurred_at, case when e.name = '${ENGAGEMENT_EVENT}' then 3 else 2 end, e.id, e.path,
         null, null, null, null, null, null, null, null, null, null, null, null
  from analytics.events e ${filter.events}
),
with_real as (
  select h.*, max(case when kind <> 3 then at end) over (partition by session_id order by at, kind
         rows between unbounded preceding and current row) as last_real
  from hits h
),
kept as (
  select * from with_real where kind <> 3 or (last_real is not null and at - last_real <= ${GAP})
),
marked as (
  select *, case when lag(at) over w is null or at - lag(at) over w > ${GAP} then 1 else 0 end as starts
  from kept window w as (partition by session_id order by at, kind)
),
numbered as (
  select *, sum(starts) over (partition by session_id order by at, kind rows unbounded preceding) as n from marked
),
grouped as (
  select session_id, n, min(at) as started_at, max(at) as last_at, max(at) filter (where kind <> 3) as last_real_at,
    count(*) filter (where kind = 1)::int as pageviews,
    count(*) filter (where kind = 2)::int as interactions,
    (array_agg(path order by at, kind, id) filter (where kind = 1))[1] as entry_path,
    (array_agg(path order by at desc, id desc) filter (where kind = 1))[1] as exit_path,
    (array_agg(referrer order by at, kind, id) filter (where kind = 1))[1] as referrer,
    (array_agg(utm_source order by at, kind, id) filter (where kind = 1))[1] as utm_source,
    (array_agg(utm_medium order by at, kind, id) filter (where kind = 1))[1] as utm_medium,
    (array_agg(utm_campaign order by at, kind, id) filter (where kind = 1))[1] as utm_campaign,
    (array_agg(utm_term order by at, kind, id) filter (where kind = 1))[1] as utm_term,
    (array_agg(utm_content order by at, kind, id) filter (where kind = 1))[1] as utm_content,
    (array_agg(device_type order by at, kind, id) filter (where kind = 1))[1] as device,
    (array_agg(browser order by at, kind, id) filter (where kind = 1))[1] as browser,
    (array_agg(os order by at, kind, id) filter (where kind = 1))[1] as os,
    (array_agg(country order by at, kind, id) filter (where kind = 1))[1] as country,
    (array_agg(region order by at, kind, id) filter (where kind = 1))[1] as region,
    (array_agg(city order by at, kind, id) filter (where kind = 1))[1] as city
  from numbered group by session_id, n
),
page_counts as (
  select session_id, n, jsonb_object_agg(path, views) as pages
  from (select session_id, n, path, count(*)::int as views from numbered where kind = 1 group by 1, 2, 3) c
  group by session_id, n
)
select g.session_id, g.started_at, g.last_at, g.last_real_at,
  ((g.started_at at time zone ${zoneLiteral(filter.timeZone)})::date)::text as day,
  g.pageviews, g.interactions, g.entry_path, g.exit_path,
  ${referrerHost('g.referrer')} as referrer_host,
  g.utm_source, g.utm_medium, g.utm_campaign, g.utm_term, g.utm_content, g.device, g.browser, g.os, g.country, g.region, g.city,
  coalesce(pc.pages, '{}'::jsonb) as pages
from grouped g left join page_counts pc on pc.session_id = g.session_id and pc.n = g.n`;
  return { sql, bindings: filter.bindings };
}

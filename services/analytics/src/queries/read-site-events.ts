/**
 * Outbound link clicks, file downloads and pages not found over a period (site time zone), from `daily_events`: one range scan of O(days × links) rows, most
 * hits first, at most ANALYTICS_TOP_N of each.
 */
import {
  ANALYTICS_TOP_N,
  FILE_DOWNLOAD_EVENT,
  NOT_FOUND_EVENT,
  OUTBOUND_CLICK_EVENT,
  type SitePeriod,
  type SiteEventRow,
  type SiteEvents,
} from '@lp/contracts';
import type { Knex } from '@lp/runtime';

export async function readSiteEvents(knex: Knex, period: SitePeriod): Promise<SiteEvents> {
  const { from, to } = period;
  const { rows } = await knex.raw<{ rows: (SiteEventRow & { name: string })[] }>(
    `select name, value, referrer, sum(hits)::int as hits from analytics.daily_events
     where day between ?::date and ?::date group by name, value, referrer having sum(hits) > 0`,
    [from, to],
  );
  const top = (name: string): SiteEventRow[] =>
    rows
      .filter((r) => r.name === name)
      .sort((a, b) => b.hits - a.hits || a.value.localeCompare(b.value) || a.referrer.localeCompare(b.referrer))
      .slice(0, ANALYTICS_TOP_N)
      .map(({ value, referrer, hits }) => ({ value, referrer, hits }));
  return {
    ...period,
    outboundLinks: top(OUTBOUND_CLICK_EVENT),
    fileDownloads: top(FILE_DOWNLOAD_EVENT),
    notFound: top(NOT_FOUND_EVENT),
  };
}

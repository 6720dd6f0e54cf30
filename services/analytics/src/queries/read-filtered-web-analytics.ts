/**
 * The web-analytics answer narrowed by drill-down filters (source = google, device = mobile,
 * page = /lots/*, …): read from the stored visits, not the roll-ups, since the roll-ups hold
 * each dimension alone. Each visit carries its own values and its pages (path → page views), so
 * the days' visits answer everything, the raw hits untouched. Each day is worked out once per
 * set of filters and kept until its visits change (filtered-days.ts, kept-days.ts): the first look at a
 * filtered view scans the periods' visits; asked again, it reads the kept days and works out
 * only the days that changed since (today's, as hits arrive). Unique visitors over a period are
 * the union of the days' sketches, as without filters.
 *
 * A visit matches a dimension filter by its own value ('' for none, as in the tables) and a
 * page filter when it viewed a matching page; under a page filter the page views counted are
 * those of matching pages only (Plausible's definition), so the pages table shows them alone.
 */
import type { AnalyticsFilters, WebAnalytics } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import type { AnalyticsAsk } from './analytics-ask.ts';
import { filteredDays, readFilteredParts, visitorsIn } from './filtered-days.ts';
import { openKeptView } from './kept-days.ts';
import { answerOf, rowsIn, seriesOf, topTablesOf, totalsFrom } from './read-web-analytics.ts';

export async function readFilteredWebAnalytics(
  knex: Knex,
  ask: AnalyticsAsk,
  filters: AnalyticsFilters,
): Promise<WebAnalytics> {
  const { period, comparison } = ask;
  return knex.transaction(async (trx) => {
    const view = await openKeptView(trx, { filters });
    const { days, kept } = await filteredDays(trx, view, filters, [period, comparison], period);
    const parts = await readFilteredParts(trx, view, days, period);
    const current = rowsIn(kept, period);
    const previous = rowsIn(kept, comparison);
    return answerOf(
      ask,
      filters,
      {
        current: totalsFrom(current, visitorsIn(kept, period)),
        previous: totalsFrom(previous, visitorsIn(kept, comparison)),
      },
      { current: seriesOf(period, current), previous: seriesOf(comparison, previous) },
      topTablesOf(parts),
    );
  });
}

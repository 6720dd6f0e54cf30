/**
 * The web-analytics answer narrowed by drill-down filters (source = google, device = mobile,
 * page = /lots/*, …): read from the stored visits, not the roll-ups, since the roll-ups hold
 * each dimension alone. Each visit carries its own values and its pages (path → page views), so
 * the days' visits answer everything, the raw hits untouched. Each day is worked out once per
 * set of filters and kept until its visits change (filtered-days.ts): the first look at a
 * filtered view scans the periods' visits; asked again, it reads the kept days and works out
 * only the days that changed since (today's, as hits arrive). Unique visitors over a period are
 * the union of the days' sketches, as without filters.
 *
 * A visit matches a dimension filter by its own value ('' for none, as in the tables) and a
 * page filter when it viewed a matching page; under a page filter the page views counted are
 * those of matching pages only (Plausible's definition), so the pages table shows them alone.
 */
import type { AnalyticsFilters, SitePeriod, WebAnalytics } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { emptySketch, estimateSketch } from '../visits/visitor-sketch.ts';
import type { AnalyticsAsk } from './analytics-ask.ts';
import {
  filterSetKey,
  mergeSparseSketch,
  readFilteredDays,
  readFilteredParts,
  sortFilteredDays,
  workOutFilteredDays,
  type FilteredDay,
} from './filtered-days.ts';
import { answerOf, rowsIn, seriesOf, topTablesOf, totalsFrom } from './read-web-analytics.ts';

/** A period's figures and unique visitors (the union of its days' sketches). */
function totalsIn(days: readonly FilteredDay[], period: SitePeriod) {
  const rows = rowsIn(days, period);
  const sketch = emptySketch();
  for (const r of rows) mergeSparseSketch(sketch, r.visitor_sketch);
  return { rows, totals: totalsFrom(rows, estimateSketch(sketch)) };
}

export async function readFilteredWebAnalytics(
  knex: Knex,
  ask: AnalyticsAsk,
  filters: AnalyticsFilters,
): Promise<WebAnalytics> {
  const { period, comparison } = ask;
  return knex.transaction(async (trx) => {
    const sorted = await sortFilteredDays(trx, filterSetKey(filters), ask);
    await workOutFilteredDays(trx, filters, sorted, ask);
    const { set, days } = sorted;
    const [kept, parts] = [await readFilteredDays(trx, set, days), await readFilteredParts(trx, set, days, period)];
    const current = totalsIn(kept, period);
    const previous = totalsIn(kept, comparison);
    return answerOf(
      ask,
      filters,
      { current: current.totals, previous: previous.totals },
      { current: seriesOf(period, current.rows), previous: seriesOf(comparison, previous.rows) },
      topTablesOf(parts),
    );
  });
}

/**
 * The order of the "Interest per lot" table: most interest first — leads, then map clicks, then
 * page views (a lead says more than a click, a click more than a view) — ties by lot number.
 */
import type { LotInterest } from '@lp/contracts';

export type LotInterestRow = LotInterest['lots'][number];

export function rankLotInterest(rows: readonly LotInterestRow[]): LotInterestRow[] {
  return [...rows].sort(
    (a, b) => b.leads - a.leads || b.mapClicks - a.mapClicks || b.pageViews - a.pageViews || a.number - b.number,
  );
}

/**
 * The staff lots table's rows: lots joined with their interest, filtered by status and tag and
 * sorted by a column (ties by lot number, so the order is stable).
 */
import type { Lot, LotInterest, LotStatus, LotTag } from '@lp/contracts';

/** Interest counts are null while unknown: not loaded yet, or their service did not answer. */
export type LotRow = Lot & {
  pageViews: number | null;
  mapClicks: number | null;
  leads: number | null;
  /** Confirmed lot-alert watchers now. */
  watchers: number | null;
};
export type SortKey =
  'number' | 'status' | 'sizeSqFt' | 'price' | 'pageViews' | 'mapClicks' | 'leads' | 'watchers' | 'updatedAt';
export type Sort = { key: SortKey; dir: 'asc' | 'desc' };
export type Filters = { status: LotStatus | 'all'; tag: LotTag | 'all' };

const STATUS_RANK: Record<LotStatus, number> = { available: 0, reserved: 1, sold: 2 };

export function joinInterest(lots: readonly Lot[], interest: LotInterest | undefined): LotRow[] {
  const byLot = new Map(interest?.lots.map((l) => [l.number, l]) ?? []);
  const views = interest !== undefined && !interest.viewsUnavailable;
  const leads = interest !== undefined && !interest.leadsUnavailable;
  // An interest answer from before watchers existed has no such flag: unknown, not zero.
  const watchers = interest !== undefined && interest.watchersUnavailable === false;
  return lots.map((l) => {
    const i = byLot.get(l.number);
    return {
      ...l,
      pageViews: views ? (i?.pageViews ?? 0) : null,
      mapClicks: views ? (i?.mapClicks ?? 0) : null,
      leads: leads ? (i?.leads ?? 0) : null,
      watchers: watchers ? (i?.watchers ?? 0) : null,
    };
  });
}

// An unknown count sorts below every known one.
const valueOf = (row: LotRow, key: SortKey): number =>
  key === 'status' ? STATUS_RANK[row.status] : key === 'updatedAt' ? Date.parse(row.updatedAt) : (row[key] ?? -1);

export function arrangeLots(rows: readonly LotRow[], filters: Filters, sort: Sort): LotRow[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  return rows
    .filter((r) => filters.status === 'all' || r.status === filters.status)
    .filter((r) => filters.tag === 'all' || r.tags.includes(filters.tag))
    .sort((a, b) => sign * (valueOf(a, sort.key) - valueOf(b, sort.key)) || a.number - b.number);
}

/** Clicking a column's header: sorts by it (numbers up, activity down first), again flips it. */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  const activity =
    key === 'pageViews' || key === 'mapClicks' || key === 'leads' || key === 'watchers' || key === 'updatedAt';
  return { key, dir: activity ? 'desc' : 'asc' };
}

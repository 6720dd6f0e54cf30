/**
 * The names of lot data without their schemas (no valibot), so the public pages' JavaScript
 * can use them cheaply: statuses and tags with their labels, interest ranges, the map-click
 * event and the lot page path. The schemas are in `lots.ts`.
 */
export const LOT_STATUSES = ['available', 'reserved', 'sold'] as const;
export type LotStatus = (typeof LOT_STATUSES)[number];
export const LOT_STATUS_LABELS: Record<LotStatus, string> = {
  available: 'Available',
  reserved: 'Reserved',
  sold: 'Sold',
};

export const LOT_TAGS = ['premium-lake-view', 'featured', 'builder-package'] as const;
export type LotTag = (typeof LOT_TAGS)[number];
export const LOT_TAG_LABELS: Record<LotTag, string> = {
  'premium-lake-view': 'Premium lake view',
  featured: 'Featured',
  'builder-package': 'Builder package',
};

/** Interest ranges the staff table offers. */
export const LOT_INTEREST_RANGES = { '7d': 7, '30d': 30, '90d': 90 } as const;
export type LotInterestRange = keyof typeof LOT_INTEREST_RANGES;

/** The tracked event a click on a lot in the map sends (its label is the lot number). */
export const LOT_CLICK_EVENT = { name: 'lot_click', category: 'lot-map' } as const;
/** The path of a lot's own page. */
export const lotPath = (n: number) => `/lots/${n}`;
export const LOT_PATH_PATTERN = /^\/lots\/([1-9]\d{0,3})$/;
/** The lot whose page `path` is (`/lots/7`, or `/lots/7/` as some links write it), or null. */
export const lotNumberOfPath = (path: string): number | null => {
  const m = LOT_PATH_PATTERN.exec(path.endsWith('/') ? path.slice(0, -1) : path);
  return m ? Number(m[1]) : null;
};

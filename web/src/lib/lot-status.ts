/**
 * How a lot is drawn and named on the map. The map's categories come from the lot's status and
 * tags: sold and reserved lots by status; an available lot by its first display tag (premium
 * lake view, then featured), else plain available. Colour is never the only signal: each
 * category has a pattern and a name.
 */
import type { PublicLot } from '@lp/contracts';
import { LOT_STATUS_LABELS } from '@lp/contracts/lot-names';

export type LotStyle = 'available' | 'premium' | 'featured' | 'reserved' | 'sold';

export const STYLE_INFO: Record<LotStyle, { legend: string; name: string; fill: string; pattern: string | null }> = {
  available: { legend: 'Available Lots', name: 'Available', fill: '#a7dbb5', pattern: null },
  premium: { legend: 'Premium Lake View', name: 'Premium Lake View', fill: '#9fd3e8', pattern: 'lot-hatch' },
  featured: { legend: 'Featured Lots', name: 'Featured (builder package)', fill: '#f6c690', pattern: 'lot-dots' },
  reserved: { legend: 'Reserved Lots', name: 'Reserved', fill: '#e9d8a6', pattern: 'lot-rings' },
  sold: { legend: 'Sold Lots', name: 'Sold', fill: '#d6d3d1', pattern: 'lot-cross' },
};

export const STYLE_ORDER: readonly LotStyle[] = ['available', 'premium', 'featured', 'reserved', 'sold'];

export function styleOf(lot: Pick<PublicLot, 'status' | 'tags'>): LotStyle {
  if (lot.status !== 'available') return lot.status;
  if (lot.tags.includes('premium-lake-view')) return 'premium';
  if (lot.tags.includes('featured')) return 'featured';
  return 'available';
}

/** Lots per map category, for the legend. */
export function countByStyle(lots: readonly PublicLot[]): Record<LotStyle, number> {
  const counts: Record<LotStyle, number> = { available: 0, premium: 0, featured: 0, reserved: 0, sold: 0 };
  for (const l of lots) counts[styleOf(l)]++;
  return counts;
}

export const availableCount = (lots: readonly PublicLot[]) => lots.filter((l) => l.status === 'available').length;

/** The lowest asking price of the lots for sale, or null when none is. */
export function lowestPrice(lots: readonly PublicLot[]): number | null {
  const prices = lots.filter((l) => l.status === 'available' && l.price !== null).map((l) => l.price as number);
  return prices.length ? Math.min(...prices) : null;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const num = new Intl.NumberFormat('en-US');

export const formatUsd = (n: number) => usd.format(n);

export function priceText(lot: PublicLot): string {
  return lot.price === null ? 'Sold' : usd.format(lot.price);
}

export function sizeText(lot: PublicLot): string {
  return `${num.format(lot.sizeSqFt)} sq ft`;
}

export const statusText = (lot: PublicLot) => LOT_STATUS_LABELS[lot.status];

/** The accessible name of a lot, e.g. "Lot 12, Premium Lake View, $75,000, 12,400 sq ft". */
export function lotLabel(lot: PublicLot): string {
  const info = STYLE_INFO[styleOf(lot)];
  return lot.price === null || lot.status === 'sold'
    ? `Lot ${lot.number}, ${info.name}, ${sizeText(lot)}`
    : `Lot ${lot.number}, ${info.name}, ${priceText(lot)}, ${sizeText(lot)}`;
}

/** How each lot status is named, coloured and patterned (colour is never the only signal). */
import type { Lot, LotStatus } from '../data/lots';

export const STATUS_INFO: Record<LotStatus, { legend: string; name: string; fill: string; pattern: string | null }> = {
  available: { legend: 'Available Lots', name: 'Available', fill: '#a7dbb5', pattern: null },
  premium: { legend: 'Premium Lake View', name: 'Premium Lake View', fill: '#9fd3e8', pattern: 'lot-hatch' },
  featured: { legend: 'Featured Lots', name: 'Featured (builder package)', fill: '#f6c690', pattern: 'lot-dots' },
  sold: { legend: 'Sold Lots', name: 'Sold', fill: '#d6d3d1', pattern: 'lot-cross' },
};

export const STATUS_ORDER: readonly LotStatus[] = ['available', 'premium', 'featured', 'sold'];

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const num = new Intl.NumberFormat('en-US');

export function priceText(lot: Lot): string {
  return lot.price === null ? 'Sold' : usd.format(lot.price);
}

export function sizeText(lot: Lot): string {
  return `${num.format(lot.sizeSqFt)} sq ft`;
}

/** The accessible name of a lot, e.g. "Lot 12, Premium Lake View, $75,000, 12,400 sq ft". */
export function lotLabel(lot: Lot): string {
  const info = STATUS_INFO[lot.status];
  return lot.price === null
    ? `Lot ${lot.number}, ${info.name}, ${sizeText(lot)}`
    : `Lot ${lot.number}, ${info.name}, ${priceText(lot)}, ${sizeText(lot)}`;
}

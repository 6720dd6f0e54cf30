/**
 * Every lot as a list of large buttons: the equivalent of picking lots on the map (WCAG 2.5.8).
 * The panel keeps the legend (compact) above the list, so the statuses stay explained while
 * the list is open; only the list scrolls.
 */
import type { PublicLot } from '@lp/contracts';
import { STYLE_INFO, priceText, styleOf } from '../../../lib/lot-status';
import { MapLegend } from './map-legend';

export function LotList({
  lots,
  selected,
  onSelect,
}: {
  lots: readonly PublicLot[];
  selected: number | null;
  onSelect: (lot: PublicLot) => void;
}) {
  return (
    <div className="flex max-h-[min(60dvh,32rem)] w-64 flex-col overflow-hidden rounded-lg bg-white shadow-lg ring-1 ring-stone-300 md:w-80">
      <MapLegend lots={lots} compact />
      <ul id="lot-list" aria-label="Lots" className="grid min-h-0 flex-1 gap-1 overflow-y-auto p-2">
        {lots.map((lot) => (
          <li key={lot.number}>
            <button
              type="button"
              aria-pressed={lot.number === selected}
              onClick={() => onSelect(lot)}
              className="flex min-h-10 w-full items-center justify-between gap-2 rounded-md px-3 text-left text-sm hover:bg-lake-50 aria-pressed:bg-lake-100"
            >
              <span className="shrink-0 whitespace-nowrap font-semibold">Lot {lot.number}</span>
              <span className="text-right text-stone-700">
                {STYLE_INFO[styleOf(lot)].name} · {priceText(lot)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Every lot as a list of large buttons: the equivalent of picking lots on the map (WCAG 2.5.8). */
import { LOTS, type Lot } from '../data/lots';
import { STATUS_INFO, priceText } from '../lib/lot-status';

export function LotList({ selectedId, onSelect }: { selectedId: string | null; onSelect: (lot: Lot) => void }) {
  return (
    <ul
      id="lot-list"
      className="grid max-h-[min(60dvh,32rem)] w-64 gap-1 overflow-y-auto rounded-lg bg-white p-2 shadow-lg ring-1 ring-stone-300"
    >
      {LOTS.map((lot) => (
        <li key={lot.id}>
          <button
            type="button"
            aria-pressed={lot.id === selectedId}
            onClick={() => onSelect(lot)}
            className="flex min-h-10 w-full items-center justify-between gap-2 rounded-md px-3 text-left text-sm hover:bg-lake-50 aria-pressed:bg-lake-100"
          >
            <span className="font-semibold">Lot {lot.number}</span>
            <span className="text-stone-700">
              {STATUS_INFO[lot.status].name} · {priceText(lot)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

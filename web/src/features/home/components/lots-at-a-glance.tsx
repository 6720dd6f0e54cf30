/**
 * The home page's lot summary (map section): "N of 30 lots available", the lowest price, and
 * every lot with its status and price, each linking to its page. Server-rendered with the
 * current lots, so crawlers and visitors without JavaScript see them without the map frame.
 */
import { Link } from 'react-router-dom';
import type { PublicLot } from '@lp/contracts';
import { lotPath } from '@lp/contracts/lot-names';
import {
  STYLE_INFO,
  availableCount,
  formatUsd,
  lowestPrice,
  priceText,
  sizeText,
  styleOf,
} from '../../../lib/lot-status';

export function LotsAtAGlance({ lots }: { lots: readonly PublicLot[] }) {
  const from = lowestPrice(lots);
  return (
    <div className="mb-6 rounded-2xl bg-white p-5 ring-1 ring-stone-200">
      <p className="text-lg font-semibold text-lake-900">
        {`${availableCount(lots)} of ${lots.length} lots available`}
        {from !== null && <span className="font-normal text-stone-700"> · from {formatUsd(from)}</span>}
      </p>
      <details className="mt-3">
        <summary className="inline-flex min-h-10 cursor-pointer items-center font-semibold text-lake-700 underline">
          Every lot with its status and price
        </summary>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label="Lots">
          {lots.map((lot) => (
            <li key={lot.number}>
              <Link
                to={lotPath(lot.number)}
                className="flex min-h-11 items-center justify-between gap-3 rounded-md px-3 py-2 ring-1 ring-stone-200 hover:bg-lake-50"
              >
                <span className="font-semibold text-stone-900">{`Lot ${lot.number}`}</span>
                <span className="text-right text-sm text-stone-700">
                  {STYLE_INFO[styleOf(lot)].name} · {priceText(lot)} · {sizeText(lot)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

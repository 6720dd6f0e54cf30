/**
 * The lots of Builder Package 1 as they stand now (those tagged builder package in the
 * inventory): each with its status, size and price, linking to its page, and how many are
 * still available. Server-rendered per request, so a lot sold in the dashboard shows sold.
 */
import { Link } from 'react-router-dom';
import type { PublicLot } from '@lp/contracts';
import { lotPath } from '@lp/contracts/lot-names';
import { priceText, sizeText, statusText } from '../../../lib/lot-status';

const COLUMNS = ['Lot', 'Status', 'Size', 'Price'] as const;

export function BuilderPackageLots({ lots }: { lots: readonly PublicLot[] }) {
  const inPackage = lots.filter((l) => l.tags.includes('builder-package'));
  if (inPackage.length === 0) return null;
  const open = inPackage.filter((l) => l.status === 'available').length;
  return (
    <div className="mt-10 overflow-x-auto rounded-2xl bg-white ring-1 ring-stone-200">
      <table className="w-full border-collapse text-left text-sm sm:text-base">
        <caption className="bg-lake-50 px-3 py-3 text-left font-semibold text-lake-900">
          {`The package lots today: ${open} of ${inPackage.length} available`}
        </caption>
        <thead>
          <tr className="border-b border-stone-200 bg-stone-50 text-sm text-stone-700">
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-3 py-3 font-semibold">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {inPackage.map((lot) => (
            <tr key={lot.number} className="border-b border-stone-100 last:border-0">
              <th scope="row" className="px-3 py-3 font-medium">
                <Link to={lotPath(lot.number)} className="inline-flex min-h-6 items-center text-lake-700 underline">
                  {`Lot ${lot.number}`}
                </Link>
              </th>
              <td className="px-3 py-3 text-stone-700">{statusText(lot)}</td>
              <td className="px-3 py-3 text-stone-700">{sizeText(lot)}</td>
              <td className="px-3 py-3 text-stone-700">{priceText(lot)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The selected lot's number, status, price and size, with links to its page, to ask about it and
 * to its "Tell me when this lot changes" form.
 */
import { Link } from 'react-router-dom';
import type { PublicLot } from '@lp/contracts';
import { lotPath } from '@lp/contracts/lot-names';
import { STYLE_INFO, priceText, sizeText, styleOf } from '../../../lib/lot-status';

/** `autoFocus` puts focus on the close button as the panel opens (it replaced what had focus). */
export function LotDetails({
  lot,
  onClose,
  autoFocus = false,
  embedded = false,
}: {
  lot: PublicLot;
  onClose: () => void;
  autoFocus?: boolean;
  /** Inside the home page's frame: links open in the page around it. */
  embedded?: boolean;
}) {
  return (
    <div
      className="w-full rounded-lg md:w-72 bg-white p-4 shadow-lg ring-1 ring-stone-300"
      role="region"
      aria-live="polite"
      aria-label={`Lot ${lot.number} details`}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-lg font-bold text-lake-900">Lot {lot.number}</h2>
        <button
          type="button"
          onClick={onClose}
          autoFocus={autoFocus}
          className="grid size-8 place-items-center rounded-md text-stone-700 hover:bg-stone-100"
          aria-label="Close lot details"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M18 6 6 18M6 6l12 12" />
          </svg>
        </button>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-600">Status</dt>
        <dd className="font-medium">{STYLE_INFO[styleOf(lot)].name}</dd>
        <dt className="text-stone-600">Price</dt>
        <dd className="font-medium">{priceText(lot)}</dd>
        <dt className="text-stone-600">Size</dt>
        <dd className="font-medium">{sizeText(lot)}</dd>
      </dl>
      {lot.description && <p className="mt-2 text-sm text-stone-700">{lot.description}</p>}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {lot.status !== 'sold' && (
          <Link
            to={`${lotPath(lot.number)}#contact`}
            target={embedded ? '_top' : undefined}
            className="inline-flex min-h-10 items-center rounded-md bg-canyon-600 px-4 text-sm font-semibold text-white hover:bg-canyon-700"
          >
            Ask about lot {lot.number}
          </Link>
        )}
        <Link
          to={lotPath(lot.number)}
          target={embedded ? '_top' : undefined}
          className="inline-flex min-h-10 items-center text-sm font-semibold text-lake-700 underline"
        >
          Lot {lot.number} page
        </Link>
        <Link
          to={`${lotPath(lot.number)}#watch`}
          target={embedded ? '_top' : undefined}
          className="inline-flex min-h-10 items-center text-sm font-semibold text-lake-700 underline"
        >
          Tell me when this lot changes
        </Link>
      </div>
    </div>
  );
}

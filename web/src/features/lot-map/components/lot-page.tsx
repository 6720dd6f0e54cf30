/**
 * A lot's own page (`/lots/{number}`): its status, price, size, block, features and description,
 * and its position on the site plan (the other lots link to their pages). The route adds the
 * "Ask about this lot" form while the lot is not sold. Rendered by the gateway with the current
 * lots, so crawlers and visitors without JavaScript see the truth.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PublicLot } from '@lp/contracts';
import { LOT_TAG_LABELS } from '@lp/contracts/lot-names';
import { STYLE_INFO, priceText, sizeText, statusText, styleOf } from '../../../lib/lot-status';
import { LotMapSvg } from './lot-map-svg';

const STATUS_BADGE: Record<PublicLot['status'], string> = {
  available: 'bg-green-100 text-green-900 ring-green-700/30',
  reserved: 'bg-amber-100 text-amber-900 ring-amber-700/30',
  sold: 'bg-stone-200 text-stone-800 ring-stone-500/30',
};

/** `alerts`: what the route puts under the lot's actions (the "Tell me when this lot changes" form). */
export function LotPage({ lot, lots, alerts }: { lot: PublicLot; lots: readonly PublicLot[]; alerts?: ReactNode }) {
  const facts: [string, string][] = [
    ['Status', statusText(lot)],
    ['Price', lot.status === 'sold' ? 'Sold' : priceText(lot)],
    ['Size', sizeText(lot)],
    ['Block', lot.block],
    ['On the map', STYLE_INFO[styleOf(lot)].name],
  ];
  return (
    <section className="bg-sand-50 py-10 sm:py-14">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 sm:px-6 lg:grid-cols-[1fr_1.3fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-canyon-700">Lake Powell lots</p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold text-lake-900 sm:text-4xl">Lot {lot.number}</h1>
            <span className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ${STATUS_BADGE[lot.status]}`}>
              {statusText(lot)}
            </span>
          </div>
          {lot.status !== 'sold' && <p className="mt-3 text-2xl font-semibold text-stone-900">{priceText(lot)}</p>}
          {lot.description && <p className="mt-4 text-lg text-stone-700">{lot.description}</p>}
          <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
            {facts.map(([k, val]) => (
              <div key={k} className="contents">
                <dt className="text-stone-600">{k}</dt>
                <dd className="font-medium text-stone-900">{val}</dd>
              </div>
            ))}
            {lot.tags.length > 0 && (
              <div className="contents">
                <dt className="text-stone-600">Features</dt>
                <dd className="font-medium text-stone-900">{lot.tags.map((t) => LOT_TAG_LABELS[t]).join(', ')}</dd>
              </div>
            )}
          </dl>
          <div className="mt-6 flex flex-wrap gap-4">
            {lot.status !== 'sold' ? (
              <a
                href="#contact"
                className="inline-flex min-h-11 items-center rounded-md bg-canyon-600 px-5 font-semibold text-white hover:bg-canyon-700"
              >
                Ask about this lot
              </a>
            ) : (
              <p className="text-stone-700">This lot has been sold. See the lots still available on the map.</p>
            )}
            <Link to="/map" className="inline-flex min-h-11 items-center font-semibold text-lake-700 underline">
              Open the lot map
            </Link>
          </div>
          {alerts && (
            <div id="watch" className="mt-6 scroll-mt-24">
              {alerts}
            </div>
          )}
        </div>
        <figure>
          <div className="aspect-[1000/720] overflow-hidden rounded-xl bg-[#efe2cb] ring-1 ring-stone-300">
            <LotMapSvg lots={lots} selected={lot.number} title={`Position of lot ${lot.number} on the site plan`} />
          </div>
          <figcaption className="mt-2 text-sm text-stone-600">
            Lot {lot.number} is outlined in orange. Illustrative plan, not to scale; select another lot to see its page.
          </figcaption>
        </figure>
      </div>
    </section>
  );
}

/**
 * /lots/{number}: one lot's page, rendered by the gateway with the current lots (an unknown
 * number is the 404 page), and while the lot is not sold the "Ask about this lot" form,
 * pre-filled with interest Available Lots and naming the lot (its number travels with the
 * submission), and for every lot the "Tell me when this lot changes" form (lot alerts). After
 * client-side navigations the head follows the lot once loaded.
 */
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { PublicLot } from '@lp/contracts';
import { site } from '@lp/contracts/site';
import { NotFoundPage } from '../../components/layout/not-found-page';
import { PageLoading } from '../../components/ui/page-loading';
import { LotPage } from '../../features/lot-map';
import { WatchLotForm } from '../../features/lot-alerts';
import { useLots } from '../../lib/use-lots';
import { SharedFormSection } from '../../features/submissions/components/shared-form-section';
import { usePageData } from '../page-data';
import { applyHead } from '../page-head';
import { lotMeta } from '../route-meta';

export default function LotRoute() {
  const raw = useParams().number ?? '';
  const number = /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : null;
  const { pathname } = useLocation();
  const data = usePageData();
  const { lots, error } = useLots(data.lots as PublicLot[] | undefined, data.lotsError === true);
  const lot = lots?.find((l) => l.number === number);

  useEffect(() => {
    if (lot) applyHead(lotMeta(lot), pathname);
  }, [lot, pathname]);

  if (!lots && !error) return <PageLoading />;
  if (error)
    return (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-lake-900">{`Lot ${raw}`}</h1>
        <p className="mt-4 text-lg text-stone-700">
          This lot's details could not be loaded just now. Please try again in a moment, or call{' '}
          <a className="font-semibold text-lake-700 underline" href={site.phoneHref}>
            {site.phone}
          </a>
          .
        </p>
      </section>
    );
  if (!lot) return <NotFoundPage />;
  return (
    <>
      <LotPage lot={lot} lots={lots ?? []} alerts={<WatchLotForm key={lot.number} lotNumber={lot.number} />} />
      {lot.status !== 'sold' && (
        <SharedFormSection
          key={lot.number}
          source="lot-page"
          defaultInterest="Available Lots"
          defaultMessage={`I'd like to know more about lot ${lot.number}.`}
          topic={`Lot ${lot.number}`}
          lotNumber={lot.number}
          title="Ask about this lot"
          intro={`Questions about lot ${lot.number}, a visit or financing? We'll confirm availability and get back to you.`}
        />
      )}
    </>
  );
}

/**
 * /lots/{number}: one lot's page, rendered by the gateway with the current lots (an unknown
 * number is the 404 page), and while the lot is not sold the "Ask about this lot" form,
 * pre-filled with interest Available Lots and naming the lot (its number travels with the
 * submission). After client-side navigations the head follows the lot once loaded.
 */
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { PublicLot } from '@lp/contracts';
import { NotFoundPage } from '../../components/layout/not-found-page';
import { PageLoading } from '../../components/ui/page-loading';
import { LotPage } from '../../features/lot-map';
import { useLots } from '../../features/lots';
import { SharedFormSection } from '../../features/submissions/components/shared-form-section';
import { usePageData } from '../page-data';
import { applyHead } from '../page-head';
import { lotMeta } from '../route-meta';

export default function LotRoute() {
  const raw = useParams().number ?? '';
  const number = /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : null;
  const { pathname } = useLocation();
  const { lots, error } = useLots(usePageData().lots as PublicLot[] | undefined);
  const lot = lots?.find((l) => l.number === number);

  useEffect(() => {
    if (lot) applyHead(lotMeta(lot), pathname);
  }, [lot, pathname]);

  if (!lots && !error) return <PageLoading />;
  if (!lot) return <NotFoundPage />;
  return (
    <>
      <LotPage lot={lot} lots={lots ?? []} />
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

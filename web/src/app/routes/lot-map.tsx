/** /map and /embed: the full-screen lot map (chrome-less under /embed), drawn from the current lots. */
import { useLocation } from 'react-router-dom';
import type { PublicLot } from '@lp/contracts';
import { LotMapPage } from '../../features/lot-map';
import { usePageData } from '../page-data';

export default function LotMapRoute() {
  const { pathname } = useLocation();
  const data = usePageData();
  const lots = data.lots as PublicLot[] | undefined;
  return (
    <LotMapPage
      embedded={pathname.startsWith('/embed')}
      {...(lots ? { initialLots: lots } : {})}
      initialError={data.lotsError === true}
    />
  );
}

/** /map and /embed: the full-screen lot map (chrome-less under /embed). */
import { useLocation } from 'react-router-dom';
import { LotMapPage } from '../../features/lot-map/components/lot-map-page';

export default function LotMapRoute() {
  const { pathname } = useLocation();
  return <LotMapPage embedded={pathname.startsWith('/embed')} />;
}

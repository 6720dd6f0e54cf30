/** The lot map feature's public parts: the full-screen map page and a lot's own page. */
export { LotMapPage } from './components/lot-map-page';
export { LotPage } from './components/lot-page';

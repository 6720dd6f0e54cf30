/**
 * Lots as the public site shows them (shared by the map, the home page, the builder page and
 * each lot's page): map categories and their names, price/size/status text, a lot page's head
 * and JSON-LD, the lots hook and the home page's summary. Small on purpose: the home page
 * loads it, the map's own code stays in the lot-map feature.
 */
export { LotsAtAGlance } from './components/lots-at-a-glance';
export { useLots } from './api/get-lots';
export { lotHead } from './lib/lot-head';
export {
  STYLE_INFO,
  STYLE_ORDER,
  availableCount,
  countByStyle,
  formatUsd,
  lotLabel,
  lowestPrice,
  priceText,
  sizeText,
  statusText,
  styleOf,
  type LotStyle,
} from './lib/lot-status';

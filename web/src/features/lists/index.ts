/** Lists feature: the Lists screen, and the lists hook and picker label the other screens share. */
export { ListsPage } from './components/lists-page';
export { useLists, LISTS_KEY } from './api/list-lists';
export { listOptionLabel } from './lib/list-label';

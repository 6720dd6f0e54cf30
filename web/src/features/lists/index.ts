/** Lists feature: the Lists screen, and the lists hook the contacts and submissions screens share. */
export { ListsPage } from './components/lists-page';
export { useLists, LISTS_KEY } from './api/list-lists';

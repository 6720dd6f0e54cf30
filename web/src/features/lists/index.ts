/** Lists feature: the Lists screen (the lists hook and picker options are shared: lib/use-lists, components/form/list-options). */
export { ListsPage } from './components/lists-page';

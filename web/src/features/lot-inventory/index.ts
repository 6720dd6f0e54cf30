/** The dashboard's Lots screen, for the dashboard shell to mount at /marketing/lots. */
export { LotsPage } from './components/lots-page';

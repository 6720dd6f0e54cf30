/** Lot alerts' public part: the "Tell me when this lot changes" form of a lot's page. */
export { WatchLotForm } from './components/watch-lot-form';

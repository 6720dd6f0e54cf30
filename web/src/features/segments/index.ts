/** Segments feature: the Segments screen (the segments hook is shared: lib/use-segments). */
export { SegmentsPage } from './components/segments-page';

/**
 * Said while a view of the web analytics has been loading for a few seconds: a first look at a
 * filtered view, a goal or a funnel over a long period is worked out from the stored visits
 * (up to a minute at millions of page views a year); the days worked out are kept, so later
 * looks are quick.
 */
import { SlowLoadNote } from '../../../components/ui/load-states';

export const FIRST_LOOK_NOTE =
  'Working this out from the stored visits. A first look at a long period can take up to a minute; later looks are quick.';

export function FirstLookNote({ loading }: { loading: boolean }) {
  return <SlowLoadNote loading={loading}>{FIRST_LOOK_NOTE}</SlowLoadNote>;
}

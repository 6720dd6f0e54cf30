/**
 * The Email Analytics tab as the Analytics screen mounts it: its code, with the chart library
 * (recharts), loads when the tab is first shown, so the e-mail screens load without it.
 */
import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';

const EmailAnalyticsTabView = lazy(() =>
  import('./email-analytics-tab').then((m) => ({ default: m.EmailAnalyticsTab })),
);

export function EmailAnalyticsTab() {
  return (
    <Suspense fallback={<Spinner label="Loading e-mail analytics…" />}>
      <EmailAnalyticsTabView />
    </Suspense>
  );
}

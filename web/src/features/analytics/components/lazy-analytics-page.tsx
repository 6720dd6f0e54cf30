/**
 * The Analytics screen as the dashboard routes to it: its code, with the chart library
 * (recharts, about half of the dashboard's JavaScript), loads when staff first open the screen,
 * so the sign-in screen and every other screen load without it.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { PageLoading } from '../../../components/ui/page-loading';

const AnalyticsPageView = lazy(() => import('./analytics-page').then((m) => ({ default: m.AnalyticsPage })));

export function AnalyticsPage(props: ComponentProps<typeof AnalyticsPageView>) {
  return (
    <Suspense fallback={<PageLoading />}>
      <AnalyticsPageView {...props} />
    </Suspense>
  );
}

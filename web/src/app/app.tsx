/**
 * The app's routes: every public route of the table (lazy page chunks, preloaded before
 * hydration), the staff dashboard under /marketing (a lazy chunk public pages never fetch),
 * and the not-found page for anything else.
 */
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PUBLIC_ROUTES, type PublicRoute } from './route-table';
import { PageOutlet } from './lazy-page';
import { MarkReady, RouteEffects } from './route-effects';
import { SiteLayout } from '../components/layout/site-layout';
import { NotFoundPage } from '../components/layout/not-found-page';
import { Toaster } from '../components/toast/toaster';
import { PageLoading } from '../components/ui/page-loading';

const DashboardApp = lazy(() => import('./dashboard-app'));

function PublicPage({ route }: { route: PublicRoute }) {
  const page = (
    <Suspense fallback={<PageLoading />}>
      <PageOutlet page={route.page} />
      <MarkReady />
    </Suspense>
  );
  return route.layout === 'site' ? <SiteLayout>{page}</SiteLayout> : page;
}

export function App() {
  return (
    <>
      <Routes>
        {PUBLIC_ROUTES.map((r) => (
          <Route key={r.path} path={r.path} element={<PublicPage route={r} />} />
        ))}
        <Route
          path="/marketing/*"
          element={
            <Suspense fallback={<PageLoading />}>
              <DashboardApp />
              <MarkReady />
            </Suspense>
          }
        />
        <Route
          path="*"
          element={
            <SiteLayout>
              <NotFoundPage />
              <MarkReady />
            </SiteLayout>
          }
        />
      </Routes>
      <RouteEffects />
      <Toaster />
    </>
  );
}

/**
 * What every navigation does: a new path scrolls to the top (a hash-only change does not),
 * the page view is tracked, and the document head follows the page.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { trackPageView } from '../lib/analytics/tracker';
import { matchPublicRoute, isDashboardPath } from './match-route';
import { applyHead } from './page-head';
import { DASHBOARD_META, NOT_FOUND_META } from './route-table';

export function RouteEffects() {
  const { pathname, hash } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const first = previous.current === null;
    const pathChanged = previous.current !== pathname;
    previous.current = pathname;
    if (pathChanged && !first) {
      if (!hash) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      const route = matchPublicRoute(pathname);
      applyHead(route?.meta ?? (isDashboardPath(pathname) ? DASHBOARD_META : NOT_FOUND_META), pathname);
    }
    trackPageView(pathname);
  }, [pathname, hash]);

  return null;
}

/**
 * Marks the document interactive (`<html data-ready="true">`) once the page content beside it
 * has hydrated, for browser tests and monitoring. It sits inside each page's Suspense boundary:
 * React may hydrate a boundary after the shell around it, so a marker outside would fire early.
 */
export function MarkReady() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

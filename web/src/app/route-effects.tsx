/**
 * What every navigation does: a new path scrolls to the top (a hash-only change does not),
 * the page view is tracked (and a page that does not exist, with the page that linked to it), and
 * the document head follows the page.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { trackNotFound, trackPageView } from '../lib/analytics/tracker';
import { matchPublicRoute, isDashboardPath } from './match-route';
import { applyHead } from './page-head';
import { DASHBOARD_META, NOT_FOUND_META } from './route-table';

export function RouteEffects() {
  const { pathname, hash } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const cameFrom = previous.current;
    const first = cameFrom === null;
    const pathChanged = cameFrom !== pathname;
    previous.current = pathname;
    const missing = !matchPublicRoute(pathname) && !isDashboardPath(pathname);
    if (pathChanged && !first) {
      if (!hash) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      applyHead(matchPublicRoute(pathname)?.meta ?? (missing ? NOT_FOUND_META : DASHBOARD_META), pathname);
    }
    trackPageView(pathname);
    // A page that does not exist, and the page that linked to it: the app's previous page, else
    // the document's referrer (the 404 page was loaded from a link elsewhere).
    if (missing && pathChanged) trackNotFound(first ? document.referrer : `${window.location.origin}${cameFrom}`);
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

/** Finds the public route for a pathname (trailing slash tolerated), or null. */
import { matchPath } from 'react-router-dom';
import { PUBLIC_ROUTES, type PublicRoute } from './route-table';

export function matchPublicRoute(pathname: string): PublicRoute | null {
  return PUBLIC_ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname)) ?? null;
}

export function isDashboardPath(pathname: string): boolean {
  return pathname === '/marketing' || pathname.startsWith('/marketing/');
}

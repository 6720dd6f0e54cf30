/**
 * Server entry: `render(url, { data })` → `{ html, head, status }`. Used by the prerender script
 * at build time and by the gateway at run time for pages that must exist without a rebuild.
 * `data` is handed to pages through `PageDataProvider` and embedded for the client.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';
import { matchPublicRoute, isDashboardPath } from './app/match-route';
import { preloadPage } from './app/lazy-page';
import { renderHead } from './app/page-head';
import { DASHBOARD_META, PUBLIC_ROUTES, prerenderPaths, requestRenderedPages, sitemapPaths } from './app/route-table';
import { routeMeta } from './app/route-meta';
import { PageDataProvider, serializePageData, type PageData } from './app/page-data';

export type RenderResult = { html: string; head: string; status: number };

export async function render(url: string, { data = {} }: { data?: PageData } = {}): Promise<RenderResult> {
  const { pathname } = new URL(url, 'http://localhost');
  const route = matchPublicRoute(pathname);
  if (isDashboardPath(pathname)) {
    return { html: '', head: renderHead(DASHBOARD_META, pathname), status: 200 };
  }
  if (route) await preloadPage(route.page);
  const html = renderToString(
    <StrictMode>
      <PageDataProvider value={data}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </PageDataProvider>
    </StrictMode>,
  );
  const { meta, status } = routeMeta(route, data);
  const head = renderHead(meta, pathname) + serializePageData(data);
  return { html, head, status };
}

export { PUBLIC_ROUTES, prerenderPaths, requestRenderedPages, sitemapPaths };

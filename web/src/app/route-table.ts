/**
 * The one route table of the public site: paths, their page module, search metadata and
 * whether they are prerendered and listed in sitemap.xml. The router, the prerender script,
 * sitemap.xml and the client's head updates all read it. Adding a route (the blog's) is one
 * entry here plus its page module in `app/routes/`.
 */
import { site } from '@lp/contracts/site';

export type PageMeta = {
  title: string;
  description: string;
  /** Canonical path when it differs from the route's own (duplicate pages). */
  canonicalPath?: string;
  noindex?: boolean;
  /** Open Graph type; 'article' for blog articles. */
  ogType?: 'website' | 'article';
  /** Absolute URL of the page's own share image (else the site's). */
  image?: string;
  /** The page's own JSON-LD (e.g. BlogPosting), added after the business's. */
  jsonLd?: Record<string, unknown>;
};

export type PublicRoute = {
  path: string;
  /** Page module under `app/routes/`, without extension. */
  page: string;
  meta: PageMeta;
  /** 'site' wraps the page in header and footer; 'bare' is full-screen. */
  layout: 'site' | 'bare';
  /** Listed in sitemap.xml (prerendered routes always are, unless false here). */
  sitemap: boolean;
  /**
   * 'request': never prerendered; the gateway renders it on each request with current data
   * (blog pages and the sitemap page, so articles published after the build are crawlable at once;
   * the pages showing lots, so a lot sold in the dashboard shows sold on the next page load).
   */
  renderAt?: 'request';
};

const brand = site.brand;

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  {
    path: '/',
    page: 'home',
    layout: 'site',
    sitemap: true,
    // Shows the lots' current status and prices (inventory), so the gateway renders it per request.
    renderAt: 'request',
    meta: {
      title: `Lots For Sale in Lake Powell, AZ | ${brand}`,
      description:
        'Residential lots near Lake Powell in Page, Arizona from $55,000 and new-construction homes from $525,000. View available lots, financing and the builder package.',
    },
  },
  {
    path: '/map',
    page: 'lot-map',
    layout: 'bare',
    sitemap: true,
    // Shows the lots' current status and prices (inventory), so the gateway renders it per request.
    renderAt: 'request',
    meta: {
      title: `Interactive Lot Map | ${brand}`,
      description:
        'Interactive map of our Lake Powell lots: available, premium lake view, featured and sold lots with prices and sizes. Zoom and pan to explore.',
    },
  },
  {
    path: '/embed',
    page: 'lot-map',
    layout: 'bare',
    sitemap: false,
    // Shows the lots' current status and prices (inventory), so the gateway renders it per request.
    renderAt: 'request',
    meta: {
      title: `Interactive Lot Map | ${brand}`,
      description:
        'Interactive map of our Lake Powell lots: available, premium lake view, featured and sold lots with prices and sizes.',
      canonicalPath: '/map',
    },
  },
  {
    path: '/market',
    page: 'market',
    layout: 'site',
    sitemap: true,
    meta: {
      title: `Page, AZ Real Estate Market Overview | ${brand}`,
      description:
        'Page, Arizona market data: 60-61% short-term rental occupancy vs about 50% nationally, $240-$300+ average daily rates, about 600 listings, and lot prices from $55,000.',
    },
  },
  {
    path: '/investment',
    page: 'investment',
    layout: 'site',
    sitemap: true,
    meta: {
      title: `Short-Term Rental Investment in Page, AZ | ${brand}`,
      description:
        'Why Page, Arizona is ranked #7 nationally for short-term rental investment: occupancy, nightly rates, cap rate potential, and how Page compares with Sedona.',
    },
  },
  {
    path: '/builder-package-1',
    page: 'builder-package',
    layout: 'site',
    sitemap: true,
    // Shows the lots' current status and prices (inventory), so the gateway renders it per request.
    renderAt: 'request',
    meta: {
      title: `Builder Package: 5 Lots for $275,000 | ${brand}`,
      description:
        'A limited-time builder package of 5 lots in Good Hope Bay, each over 10,000 sq ft, for $275,000 ($55,000 per lot), for qualified builders.',
    },
  },
  {
    path: '/lots/:number',
    page: 'lot',
    layout: 'site',
    // Listed in sitemap.xml by the gateway while the lot is not sold.
    sitemap: false,
    renderAt: 'request',
    meta: {
      title: `Lot | ${brand}`,
      description: `A residential lot near Lake Powell from ${brand}: status, price, size and position on the plan.`,
    },
  },
  {
    path: '/contact',
    page: 'contact',
    layout: 'site',
    sitemap: true,
    meta: {
      title: `Contact Us | ${brand}`,
      description: `Contact the ${brand} sales office in Page, AZ: call ${site.phone}, e-mail ${site.email}, or send a message. Open Monday to Sunday, 9AM to 5PM.`,
    },
  },
  {
    path: '/blog',
    page: 'blog',
    layout: 'site',
    sitemap: true,
    renderAt: 'request',
    meta: {
      title: `Blog: Buying, Building and Investing near Lake Powell | ${brand}`,
      description:
        'Guides to buying a lot near Lake Powell, building in Page, AZ, short-term rental investing, financing, the local market and our builder package.',
    },
  },
  {
    path: '/blog/:slug',
    page: 'blog-article',
    layout: 'site',
    sitemap: false,
    renderAt: 'request',
    meta: {
      title: `Article | ${brand}`,
      description: `Articles from ${brand} about lots, homes and investing near Lake Powell.`,
    },
  },
  {
    path: '/sitemap',
    page: 'sitemap',
    layout: 'site',
    sitemap: true,
    // Lists every published article, so it is rendered per request like the blog.
    renderAt: 'request',
    meta: {
      title: `Sitemap | ${brand}`,
      description: `Every page of the ${brand} site: home, market overview, investment opportunities, the interactive lot map and the blog.`,
    },
  },
];

export const NOT_FOUND_META: PageMeta = {
  title: `404 Page Not Found | ${brand}`,
  description: "The page you're looking for could not be found.",
  noindex: true,
};

export const DASHBOARD_META: PageMeta = {
  title: `Marketing | ${brand}`,
  description: `${brand} staff marketing dashboard.`,
  noindex: true,
};

/** Paths the prerender script renders to `<path>/index.html`. */
export function prerenderPaths(): string[] {
  return PUBLIC_ROUTES.filter((r) => !r.renderAt && !r.path.includes(':')).map((r) => r.path);
}

/** Page modules rendered by the gateway on each request. */
export function requestRenderedPages(): string[] {
  return [...new Set(PUBLIC_ROUTES.filter((r) => r.renderAt === 'request').map((r) => r.page))];
}

export const LOT_NOT_FOUND_META: PageMeta = {
  title: `Lot Not Found | ${brand}`,
  description: "The lot you're looking for could not be found. See the interactive lot map for every lot.",
  noindex: true,
};

export const ARTICLE_NOT_FOUND_META: PageMeta = {
  title: `Article Not Found | ${brand}`,
  description: "The article you're looking for could not be found.",
  noindex: true,
};

export function sitemapPaths(): string[] {
  return PUBLIC_ROUTES.filter((r) => r.sitemap && !r.path.includes(':')).map((r) => r.path);
}

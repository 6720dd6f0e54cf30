/**
 * Search metadata of a page: title, description, canonical, Open Graph and Twitter tags and the
 * business's JSON-LD. `renderHead` builds the prerendered `<head>` HTML; `applyHead` updates
 * the live document after a client-side navigation.
 */
import { site } from '@lp/contracts/site';
import type { PageMeta } from './route-table';

export function canonicalUrl(meta: PageMeta, pathname: string): string {
  const path = meta.canonicalPath ?? pathname;
  return `${site.origin}${path === '/' ? '/' : path.replace(/\/$/, '')}`;
}

function businessJsonLd(): Record<string, unknown> {
  const o = site.office;
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    '@id': `${site.origin}/#business`,
    name: site.brand,
    legalName: site.legalName,
    url: `${site.origin}/`,
    image: `${site.origin}${site.social.image}`,
    logo: `${site.origin}/favicon.svg`,
    telephone: site.phone,
    email: site.email,
    priceRange: '$55,000 - $525,000',
    address: {
      '@type': 'PostalAddress',
      streetAddress: o.street,
      addressLocality: o.city,
      addressRegion: o.region,
      postalCode: o.postalCode,
      addressCountry: o.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: o.geo.latitude, longitude: o.geo.longitude },
    openingHours: o.openingHours,
    areaServed: 'Lake Powell, Page, Arizona',
  };
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The `<head>` tags of a prerendered page. */
export function renderHead(meta: PageMeta, pathname: string): string {
  const url = canonicalUrl(meta, pathname);
  const image = meta.image ?? `${site.origin}${site.social.image}`;
  const tags = [
    `<title>${escapeAttr(meta.title)}</title>`,
    `<meta name="description" content="${escapeAttr(meta.description)}" />`,
  ];
  if (meta.noindex) tags.push('<meta name="robots" content="noindex" />');
  else tags.push(`<link rel="canonical" href="${escapeAttr(url)}" />`);
  tags.push(
    `<meta property="og:type" content="${meta.ogType ?? 'website'}" />`,
    `<meta property="og:site_name" content="${escapeAttr(site.brand)}" />`,
    `<meta property="og:title" content="${escapeAttr(meta.title)}" />`,
    `<meta property="og:description" content="${escapeAttr(meta.description)}" />`,
    `<meta property="og:url" content="${escapeAttr(url)}" />`,
    `<meta property="og:image" content="${escapeAttr(image)}" />`,
    ...(meta.image
      ? []
      : [`<meta property="og:image:width" content="1200" />`, `<meta property="og:image:height" content="630" />`]),
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeAttr(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeAttr(meta.description)}" />`,
    `<meta name="twitter:image" content="${escapeAttr(image)}" />`,
    `<script type="application/ld+json">${escapeJson(businessJsonLd())}</script>`,
    `<link rel="alternate" type="application/atom+xml" title="${escapeAttr(site.brand)} blog" href="/blog/feed.xml" />`,
  );
  if (meta.jsonLd) tags.push(`<script type="application/ld+json">${escapeJson(meta.jsonLd)}</script>`);
  return tags.join('\n    ');
}

function setContent(selector: string, value: string): void {
  document.head.querySelector(selector)?.setAttribute('content', value);
}

/** Keeps the live head in step with the page after a client-side navigation. */
export function applyHead(meta: PageMeta, pathname: string): void {
  const url = canonicalUrl(meta, pathname);
  document.title = meta.title;
  setContent('meta[name="description"]', meta.description);
  setContent('meta[property="og:title"]', meta.title);
  setContent('meta[property="og:description"]', meta.description);
  setContent('meta[property="og:url"]', url);
  setContent('meta[name="twitter:title"]', meta.title);
  setContent('meta[name="twitter:description"]', meta.description);
  let canonical = document.head.querySelector('link[rel="canonical"]');
  let robots = document.head.querySelector('meta[name="robots"]');
  if (meta.noindex) {
    canonical?.remove();
    if (!robots) {
      robots = document.createElement('meta');
      robots.setAttribute('name', 'robots');
      robots.setAttribute('content', 'noindex');
      document.head.append(robots);
    }
    return;
  }
  robots?.remove();
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.setAttribute('rel', 'canonical');
    document.head.append(canonical);
  }
  canonical.setAttribute('href', url);
}

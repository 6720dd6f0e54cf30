/**
 * The blog's Atom 1.0 feed: published articles with their full sanitised HTML, every URL made
 * absolute from `site.origin` (feed readers have no page to resolve relative ones against).
 * Entry ids are tag: URIs on the article id, so editing a slug never duplicates an entry.
 */
import { site, type BlogArticle } from '@lp/contracts';

// Characters XML 1.0 forbids even when escaped.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

export const escapeXml = (s: string) =>
  s
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** `/path` → `https://origin/path`; absolute and fragment-only URLs stay as they are. */
const absoluteUrl = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? `${site.origin}${url}` : url);

/** Makes root-relative href/src absolute in sanitised HTML (attributes are always double-quoted there). */
export const absolutizeHtml = (html: string) =>
  html.replace(/\s(href|src)="(\/(?!\/)[^"]*)"/g, (_m, attr: string, url: string) => ` ${attr}="${site.origin}${url}"`);

export const FEED_PATH = '/blog/feed.xml';

/** An article's tags as categories; the spec warns tags may be missing or contain null. */
const categoriesOf = (a: BlogArticle) =>
  ((a.tags as readonly (string | null)[] | null | undefined) ?? []).filter(
    (t): t is string => typeof t === 'string' && t !== '',
  );

function entry(a: BlogArticle): string {
  const url = `${site.origin}/blog/${a.slug}`;
  const lines = [
    '  <entry>',
    `    <id>tag:${site.host},2026:blog-article-${a.id}</id>`,
    `    <title type="text">${escapeXml(a.title)}</title>`,
    `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
    `    <published>${a.publishedAt}</published>`,
    `    <updated>${a.updatedAt}</updated>`,
    ...categoriesOf(a).map((t) => `    <category term="${escapeXml(t)}"/>`),
    `    <summary type="text">${escapeXml(a.summary)}</summary>`,
    ...(a.coverImage ? [`    <media:thumbnail url="${escapeXml(absoluteUrl(a.coverImage))}"/>`] : []),
    `    <content type="html" xml:base="${escapeXml(url)}">${escapeXml(absolutizeHtml(a.content))}</content>`,
    '  </entry>',
  ];
  return lines.join('\n');
}

export function buildBlogFeed(articles: readonly BlogArticle[], updated: string): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    `  <id>${site.origin}/blog</id>`,
    `  <title type="text">${escapeXml(`${site.brand} Blog`)}</title>`,
    `  <subtitle type="text">Buying, building and investing near Lake Powell in Page, Arizona.</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${site.origin}${FEED_PATH}"/>`,
    `  <link rel="alternate" type="text/html" href="${site.origin}/blog"/>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${escapeXml(site.brand)}</name><uri>${site.origin}</uri></author>`,
    `  <icon>${site.origin}/favicon.svg</icon>`,
    ...articles.map(entry),
    '</feed>',
    '',
  ].join('\n');
}

/**
 * The search metadata and HTTP status of a page given the data it renders with: a blog
 * article's own title, description, share image and BlogPosting JSON-LD; 'Article Not Found'
 * (404, noindex) when the article does not exist; a lot's title, description and Product JSON-LD,
 * 'Lot Not Found' (404) for an unknown number. Used by the server render and by the
 * client after navigations.
 */
import type { BlogArticle, PublicLot } from '@lp/contracts';
import { articleHead } from '../features/blog/lib/article-head';
import { lotHead } from '../lib/lot-head';
import type { PageData } from './page-data';
import {
  ARTICLE_NOT_FOUND_META,
  LOT_NOT_FOUND_META,
  NOT_FOUND_META,
  type PageMeta,
  type PublicRoute,
} from './route-table';

export function articleMeta(article: BlogArticle): PageMeta {
  const head = articleHead(article);
  return {
    title: head.title,
    description: head.description,
    canonicalPath: head.canonicalPath,
    ogType: 'article',
    ...(head.image ? { image: head.image } : {}),
    jsonLd: head.jsonLd,
  };
}

export function routeMeta(route: PublicRoute | null, data: PageData): { meta: PageMeta; status: number } {
  if (!route) return { meta: NOT_FOUND_META, status: 404 };
  if (route.page === 'blog-article') {
    const article = data.article as BlogArticle | null | undefined;
    if (article) return { meta: articleMeta(article), status: 200 };
    if (article === null) return { meta: ARTICLE_NOT_FOUND_META, status: 404 };
  }
  if (route.page === 'lot' && typeof data.lotNumber === 'number') {
    const lots = data.lots as PublicLot[] | undefined;
    if (!lots) return { meta: route.meta, status: 200 };
    const lot = lots.find((l) => l.number === data.lotNumber);
    return lot ? { meta: lotMeta(lot), status: 200 } : { meta: LOT_NOT_FOUND_META, status: 404 };
  }
  return { meta: route.meta, status: 200 };
}

export function lotMeta(lot: PublicLot): PageMeta {
  const head = lotHead(lot);
  return { title: head.title, description: head.description, canonicalPath: head.canonicalPath, jsonLd: head.jsonLd };
}

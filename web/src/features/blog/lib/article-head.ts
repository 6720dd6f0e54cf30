/**
 * What an article page needs in its <head> (for the prerender / server render of
 * /blog/:slug): title, description, canonical path, Open Graph image and BlogPosting JSON-LD.
 */
import { site, type BlogArticle } from '@lp/contracts';
import { tagsOf } from './filter-articles';

type ArticleHead = {
  title: string;
  description: string;
  canonicalPath: string;
  /** Absolute URL, or undefined when the article has no cover. */
  image?: string;
  jsonLd: Record<string, unknown>;
};

const absolute = (url: string) => (url.startsWith('/') ? `${site.origin}${url}` : url);

export function articleHead(article: BlogArticle): ArticleHead {
  const canonicalPath = `/blog/${article.slug}`;
  const image = article.coverImage ? absolute(article.coverImage) : undefined;
  return {
    title: `${article.title} | ${site.brand}`,
    description: article.summary,
    canonicalPath,
    ...(image ? { image } : {}),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: article.title,
      description: article.summary,
      datePublished: article.publishedAt,
      dateModified: article.updatedAt,
      mainEntityOfPage: `${site.origin}${canonicalPath}`,
      ...(image ? { image: [image] } : {}),
      keywords: tagsOf(article).join(', '),
      author: { '@type': 'Organization', name: site.brand, url: site.origin },
      publisher: { '@type': 'Organization', name: site.legalName, url: site.origin },
    },
  };
}

/**
 * /blog/{slug}: one article, rendered by the gateway with the article (or its absence, as a
 * 404) and the list for related articles. After client-side navigations the head follows the
 * article once it has loaded.
 */
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { BlogArticle, BlogArticleCard } from '@lp/contracts';
import { BlogArticlePage, useArticle } from '../../features/blog';
import { usePageData } from '../page-data';
import { applyHead } from '../page-head';
import { articleMeta } from '../route-meta';

export default function BlogArticleRoute() {
  const slug = useParams().slug ?? '';
  const { pathname } = useLocation();
  const data = usePageData();
  const rendered = data.slug === slug;
  const initialArticle = rendered ? (data.article as BlogArticle | null | undefined) : undefined;
  const initialArticles = data.articles as BlogArticleCard[] | undefined;
  const { article } = useArticle(slug, initialArticle ? { fallbackData: initialArticle } : {});

  useEffect(() => {
    if (article) applyHead(articleMeta(article), pathname);
  }, [article, pathname]);

  return (
    <BlogArticlePage
      slug={slug}
      {...(initialArticle ? { initialArticle } : {})}
      {...(initialArticles ? { initialArticles } : {})}
      initialNotFound={rendered && initialArticle === null}
    />
  );
}

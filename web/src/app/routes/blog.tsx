/** /blog: the article list, rendered by the gateway with the current articles (cards, no bodies). */
import type { BlogArticleCard } from '@lp/contracts';
import { BlogListPage } from '../../features/blog';
import { usePageData } from '../page-data';

export default function BlogRoute() {
  const data = usePageData();
  const articles = data.articles as BlogArticleCard[] | undefined;
  return (
    <BlogListPage {...(articles ? { initialArticles: articles } : {})} initialError={data.articlesError === true} />
  );
}

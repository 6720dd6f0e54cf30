/** /blog: the article list, rendered by the gateway with the current articles. */
import type { BlogArticle } from '@lp/contracts';
import { BlogListPage } from '../../features/blog';
import { usePageData } from '../page-data';

export default function BlogRoute() {
  const data = usePageData();
  const articles = data.articles as BlogArticle[] | undefined;
  return <BlogListPage {...(articles ? { initialArticles: articles } : {})} />;
}

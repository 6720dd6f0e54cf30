/**
 * The sitemap page's per-article links (spec §2, §8): loading, 'Error loading articles',
 * 'No articles found', or the list. Starts from the list the server rendered with, then
 * revalidates once in the browser (GET /api/blog/articles) like the blog list.
 */
import { Link } from 'react-router-dom';
import type { BlogArticleCard } from '@lp/contracts';
import { useArticles } from '../../../lib/use-articles';

type ArticleLinksProps = { initialArticles?: BlogArticleCard[]; initialError?: boolean };

export function ArticleLinks({ initialArticles, initialError = false }: ArticleLinksProps) {
  const { articles, error } = useArticles({ fallbackData: initialArticles });
  if (articles === undefined && (error || initialError))
    return (
      <p role="alert" className="text-red-700">
        Error loading articles
      </p>
    );
  if (articles === undefined)
    return (
      <p role="status" className="text-stone-700">
        Loading articles...
      </p>
    );
  if (articles.length === 0) return <p className="text-stone-700">No articles found</p>;
  return (
    <ul className="space-y-2">
      {articles.map((a) => (
        <li key={a.id}>
          <Link to={`/blog/${a.slug}`} className="text-lake-700 underline underline-offset-4 hover:text-lake-900">
            {a.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The sitemap page's per-article links, from GET /api/blog/articles (the blog issue brings
 * the endpoint): loading, 'Error loading articles', 'No articles found', or the list.
 */
import useSWR from 'swr';
import { Link } from 'react-router-dom';

export type ArticleSummary = { id: number; slug: string; title: string };

export function ArticleLinks() {
  const { data, error, isLoading } = useSWR<ArticleSummary[] | null>('/api/blog/articles');
  if (isLoading)
    return (
      <p role="status" className="text-stone-700">
        Loading articles...
      </p>
    );
  if (error)
    return (
      <p role="alert" className="text-red-700">
        Error loading articles
      </p>
    );
  if (!data || data.length === 0) return <p className="text-stone-700">No articles found</p>;
  return (
    <ul className="space-y-2">
      {data.map((a) => (
        <li key={a.id}>
          <Link to={`/blog/${a.slug}`} className="text-lake-700 underline underline-offset-4 hover:text-lake-900">
            {a.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

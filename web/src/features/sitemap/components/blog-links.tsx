/**
 * The sitemap's blog block: 'Blog Home' and one link per article. The gateway renders the page
 * with the published cards (`initialArticles`), so the links are in the HTML before JavaScript
 * and hydration starts from the same list (no 'Loading articles...' flash); `initialError`
 * says the server could not load them, so the HTML carries the error state.
 */
import { Link } from 'react-router-dom';
import type { BlogArticleCard } from '@lp/contracts';
import { ArticleLinks } from './article-links';

export type BlogLinksProps = { initialArticles?: BlogArticleCard[]; initialError?: boolean };

export function BlogLinks(props: BlogLinksProps) {
  return (
    <div>
      <h2 className="text-xl font-semibold text-lake-900">Blog</h2>
      <ul className="mt-3 space-y-2">
        <li>
          <Link to="/blog" className="text-lake-700 underline underline-offset-4 hover:text-lake-900">
            Blog Home
          </Link>
        </li>
      </ul>
      <h3 className="mt-6 font-semibold text-stone-900">Articles</h3>
      <div className="mt-2">
        <ArticleLinks {...props} />
      </div>
    </div>
  );
}

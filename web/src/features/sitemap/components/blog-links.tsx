/**
 * The sitemap's blog block: 'Blog Home' and, once the page runs in the browser, the article
 * list (prerendered HTML shows the loading line, so hydration matches).
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { SwrProvider } from '../../../components/swr-provider';
import { ArticleLinks } from './article-links';

export function BlogLinks() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
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
        {mounted ? (
          <SwrProvider>
            <ArticleLinks />
          </SwrProvider>
        ) : (
          <p role="status" className="text-stone-700">
            Loading articles...
          </p>
        )}
      </div>
    </div>
  );
}

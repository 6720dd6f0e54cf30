/**
 * /blog (spec §2 Blog list): heading, search ('Search articles...'), tag filter, and the grid;
 * states loading, error, empty (with 'Clear filters' when a search or tag is active), or list.
 * `initialArticles` is the list the server rendered with (prerender / SSR), so the HTML
 * carries the articles without JavaScript; `initialError` says the server could not load them,
 * so the HTML carries the error state (the browser still asks once more).
 */
import { SearchInput } from '../../../components/form/search-input';
import { useMemo, useState } from 'react';
import type { BlogArticleCard } from '@lp/contracts';
import { button } from '../../../components/ui/styles';
import { useArticles } from '../../../lib/use-articles';
import { distinctTags, filterArticles } from '../lib/filter-articles';
import { ArticleCard } from './article-card';
import { TagFilter } from './tag-filter';

type BlogListPageProps = { initialArticles?: BlogArticleCard[]; initialError?: boolean };

export function BlogListPage({ initialArticles, initialError = false }: BlogListPageProps) {
  const { articles, error } = useArticles({ fallbackData: initialArticles });
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState<string | null>(null);
  const tags = useMemo(() => distinctTags(articles ?? []), [articles]);
  const shown = useMemo(() => filterArticles(articles ?? [], { search, tag }), [articles, search, tag]);
  const filtering = search.trim() !== '' || tag !== null;

  let body;
  if (articles === undefined && (error || initialError))
    body = (
      <p role="alert" className="py-12 text-center text-red-700">
        Error loading articles. Please try again later.
      </p>
    );
  else if (articles === undefined)
    body = (
      <p role="status" className="py-12 text-center text-stone-700">
        Loading articles...
      </p>
    );
  else if (shown.length === 0)
    body = (
      <div className="py-12 text-center">
        <p className="text-stone-700">No articles found matching your criteria.</p>
        {filtering && (
          <button
            type="button"
            className={`${button.secondary} mt-4`}
            onClick={() => {
              setSearch('');
              setTag(null);
            }}
          >
            Clear filters
          </button>
        )}
      </div>
    );
  else
    body = (
      <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((a) => (
          <li key={a.id} className="flex">
            <ArticleCard article={a} />
          </li>
        ))}
      </ul>
    );

  return (
    <div className="bg-sand-50">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <p className="text-sm font-semibold uppercase tracking-wider text-canyon-700">Blog</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-lake-900 sm:text-5xl">
          Lake Powell Living &amp; Investing
        </h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed text-stone-700">
          Guides to buying a lot, building in the high desert, financing, and the Page, Arizona market.
        </p>
        <div className="mt-8 grid gap-4">
          <div className="max-w-md">
            <SearchInput
              label="Search articles"
              value={search}
              onChange={setSearch}
              placeholder="Search articles..."
              className="block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-lake-600"
            />
          </div>
          <TagFilter tags={tags} selected={tag} onChange={setTag} />
        </div>
        {articles !== undefined && filtering && (
          <p role="status" className="sr-only">
            {shown.length} {shown.length === 1 ? 'article' : 'articles'} found
          </p>
        )}
        <div className="mt-10">{body}</div>
      </div>
    </div>
  );
}

/**
 * GET /api/blog/articles: the published articles, newest first. Uses the app's request helper
 * and SWR defaults (spec §9), so it works with or without an <SwrProvider> above it.
 * `fallbackData` is the list the server rendered with; the browser then revalidates once
 * (an ETag round trip) so articles published after the build appear. Typed as cards: the
 * server-rendered list leaves the bodies out, and nothing that lists articles needs them.
 */
import useSWR from 'swr';
import type { BlogArticleCard } from '@lp/contracts';
import { swrDefaults } from './swr-defaults';

const ARTICLES_KEY = '/api/blog/articles';

export function useArticles(opts: { fallbackData?: BlogArticleCard[] } = {}) {
  const { data, error, isLoading } = useSWR<BlogArticleCard[] | null>(ARTICLES_KEY, {
    ...swrDefaults,
    ...(opts.fallbackData ? { fallbackData: opts.fallbackData, revalidateOnMount: true } : {}),
  });
  return {
    articles: data ?? undefined,
    error: error as Error | undefined,
    // Also "loading" while rendering on the server, where SWR never fetches.
    isLoading: isLoading || (data === undefined && !error),
  };
}

/**
 * GET /api/blog/articles/{slug}: one published article; runs only when a slug is present
 * (spec §7). A 404 comes back as an error (the page shows 'Article Not Found').
 */
import useSWR from 'swr';
import type { BlogArticle } from '@lp/contracts';
import { swrDefaults } from '../../../lib/swr-defaults';

const articleKey = (slug: string) => `/api/blog/articles/${encodeURIComponent(slug)}`;

export function useArticle(slug: string | undefined, opts: { fallbackData?: BlogArticle } = {}) {
  const usable = opts.fallbackData && opts.fallbackData.slug === slug ? opts.fallbackData : undefined;
  const { data, error, isLoading } = useSWR<BlogArticle | null>(slug ? articleKey(slug) : null, {
    ...swrDefaults,
    ...(usable ? { fallbackData: usable, revalidateOnMount: true } : {}),
  });
  return {
    article: data ?? undefined,
    error: error as Error | undefined,
    isLoading: Boolean(slug) && (isLoading || (data === undefined && !error)),
  };
}

/**
 * Blog filtering (public site spec §5): search is a case-insensitive substring of the title or
 * summary; the tag filter requires the chosen tag among the article's tags; both combine.
 * Tolerates what the spec warns about: tags missing, or containing null.
 */
export type FilterableArticle = {
  title?: string | null;
  summary?: string | null;
  tags?: ReadonlyArray<string | null | undefined> | null;
};

type ArticleFilter = { search?: string; tag?: string | null };

/** An article's usable tags: strings only, never null. */
export function tagsOf(article: FilterableArticle): string[] {
  return (article.tags ?? []).filter((t): t is string => typeof t === 'string' && t.length > 0);
}

function matchesArticle(article: FilterableArticle, { search = '', tag = null }: ArticleFilter): boolean {
  const q = search.trim().toLowerCase();
  // Joined with a newline so a query never matches across the end of the title and the summary.
  if (q && !`${article.title ?? ''}\n${article.summary ?? ''}`.toLowerCase().includes(q)) return false;
  return !tag || tagsOf(article).includes(tag);
}

export function filterArticles<T extends FilterableArticle>(articles: readonly T[], filter: ArticleFilter): T[] {
  return articles.filter((a) => matchesArticle(a, filter));
}

/** The distinct tags of all articles, alphabetically: the filter buttons. */
export function distinctTags(articles: readonly FilterableArticle[]): string[] {
  return [...new Set(articles.flatMap(tagsOf))].sort((a, b) => a.localeCompare(b));
}

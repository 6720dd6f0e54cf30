/**
 * Related articles (spec §5, §9): only for an article that has tags; other articles sharing at
 * least one tag, at most 3. Those sharing more tags come first; ties keep the list's order
 * (newest first from the API).
 */
import { tagsOf, type FilterableArticle } from './filter-articles';

const RELATED_ARTICLES_LIMIT = 3;

type Identified = FilterableArticle & { id: number | string };

export function relatedArticles<T extends Identified>(
  article: Identified,
  all: readonly T[],
  limit = RELATED_ARTICLES_LIMIT,
): T[] {
  const own = new Set(tagsOf(article));
  if (own.size === 0) return [];
  return all
    .map((candidate, index) => ({ candidate, index, shared: tagsOf(candidate).filter((t) => own.has(t)).length }))
    .filter(({ candidate, shared }) => candidate.id !== article.id && shared > 0)
    .sort((a, b) => b.shared - a.shared || a.index - b.index)
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}

/** An article's tags as small labels (tags may be missing or contain null; those are skipped). */
import type { FilterableArticle } from '../lib/filter-articles';
import { tagsOf } from '../lib/filter-articles';

export function TagList({ article, label = 'Tags' }: { article: FilterableArticle; label?: string }) {
  const tags = tagsOf(article);
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {tags.map((t) => (
        <li
          key={t}
          className="rounded-full bg-lake-50 px-2.5 py-0.5 text-xs font-medium text-lake-800 ring-1 ring-lake-100"
        >
          {t}
        </li>
      ))}
    </ul>
  );
}

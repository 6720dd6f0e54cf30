/** Published date and read time, as one line under a card's image or an article's title. */
import { formatArticleDate } from '../lib/format-article-date';

export function ArticleMetaLine({
  publishedAt,
  readTime,
  className = '',
}: {
  publishedAt: string;
  readTime: number;
  className?: string;
}) {
  return (
    <p className={`flex flex-wrap items-center gap-x-2 text-sm text-stone-600 ${className}`}>
      <time dateTime={publishedAt}>{formatArticleDate(publishedAt)}</time>
      <span aria-hidden="true">·</span>
      <span>{`${readTime} min read`}</span>
    </p>
  );
}

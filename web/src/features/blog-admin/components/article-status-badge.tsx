/** Draft or Published, in words and colour (the word carries the meaning, not the colour). */
import type { BlogArticleStatus } from '@lp/contracts';

export function ArticleStatusBadge({ status }: { status: BlogArticleStatus }) {
  return status === 'published' ? (
    <span className="inline-flex rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900">
      Published
    </span>
  ) : (
    <span className="inline-flex rounded-full bg-stone-200 px-2.5 py-0.5 text-xs font-semibold text-stone-800">
      Draft
    </span>
  );
}

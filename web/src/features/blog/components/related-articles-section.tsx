/** 'Related Articles': up to 3 other articles sharing a tag (none for an untagged article). */
import type { BlogArticleCard } from '@lp/contracts';
import { relatedArticles } from '../lib/related-articles';
import { ArticleCard } from './article-card';

export function RelatedArticlesSection({
  article,
  articles,
}: {
  article: BlogArticleCard;
  articles: readonly BlogArticleCard[] | undefined;
}) {
  const related = relatedArticles(article, articles ?? []);
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-articles" className="mt-16 border-t border-stone-200 pt-10">
      <h2 id="related-articles" className="text-2xl font-bold tracking-tight text-lake-900">
        Related Articles
      </h2>
      <ul className="mt-6 grid gap-8 md:grid-cols-3">
        {related.map((a) => (
          <li key={a.id} className="flex">
            <ArticleCard article={a} headingLevel="h3" />
          </li>
        ))}
      </ul>
    </section>
  );
}

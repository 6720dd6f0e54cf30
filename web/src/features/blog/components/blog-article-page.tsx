/**
 * /blog/{slug} (spec §2 Blog article): 'Back to all articles' at top and bottom, cover, date,
 * read time, title, tags, the body, and up to 3 'Related Articles'. 'Loading article...' while
 * loading; 'Article Not Found' on error or when no article exists. `initialArticle` /
 * `initialArticles` are what the server rendered with (prerender / SSR).
 */
import { Link } from 'react-router-dom';
import type { BlogArticle, BlogArticleCard } from '@lp/contracts';
import { button, textLink } from '../../../components/ui/styles';
import { useArticle } from '../api/get-article';
import { useArticles } from '../../../lib/use-articles';
import { ArticleBody } from './article-body';
import { ArticleMetaLine } from './article-meta-line';
import { RelatedArticlesSection } from './related-articles-section';
import { TagList } from './tag-list';

type BlogArticlePageProps = {
  slug: string;
  initialArticle?: BlogArticle;
  /** Cards (no bodies) for the related articles. */
  initialArticles?: BlogArticleCard[];
  /** The server already knows no such article exists: render the not-found state at once. */
  initialNotFound?: boolean;
};

function BackLink() {
  return (
    <Link to="/blog" className={textLink}>
      <span aria-hidden="true">← </span>Back to all articles
    </Link>
  );
}

export function BlogArticlePage({ slug, initialArticle, initialArticles, initialNotFound }: BlogArticlePageProps) {
  const { article, error } = useArticle(slug, { fallbackData: initialArticle });
  const { articles } = useArticles({ fallbackData: initialArticles });

  if (!article && !error && !initialNotFound)
    return (
      <p role="status" className="mx-auto max-w-3xl px-4 py-24 text-center text-stone-700">
        Loading article...
      </p>
    );
  if (!article)
    return (
      <div className="mx-auto max-w-3xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-lake-900">Article Not Found</h1>
        <p className="mt-4 text-stone-700">The article you're looking for could not be found.</p>
        <Link to="/blog" className={`${button.primary} mt-8`}>
          Browse All Articles
        </Link>
      </div>
    );

  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <BackLink />
      {article.coverImage && (
        <img
          src={article.coverImage}
          alt=""
          width={1200}
          height={630}
          fetchPriority="high"
          className="mt-6 aspect-[40/21] w-full rounded-xl bg-sand-100 object-cover"
        />
      )}
      <header className="mt-8">
        <ArticleMetaLine publishedAt={article.publishedAt} readTime={article.readTime} />
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-lake-900 sm:text-4xl">{article.title}</h1>
        <div className="mt-4">
          <TagList article={article} />
        </div>
      </header>
      <div className="mt-4">
        <ArticleBody html={article.content} />
      </div>
      <RelatedArticlesSection article={article} articles={articles} />
      <div className="mt-12 border-t border-stone-200 pt-6">
        <BackLink />
      </div>
    </article>
  );
}

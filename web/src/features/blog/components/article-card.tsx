/** One article in the blog grid: cover, date and read time, title, summary, tags, 'Read more'. */
import { Link } from 'react-router-dom';
import type { BlogArticleCard } from '@lp/contracts';
import { textLink } from '../../../components/ui/styles';
import { ArticleMetaLine } from './article-meta-line';
import { TagList } from './tag-list';

export function ArticleCard({
  article,
  headingLevel: H = 'h2',
}: {
  article: BlogArticleCard;
  headingLevel?: 'h2' | 'h3';
}) {
  const href = `/blog/${article.slug}`;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
      {article.coverImage ? (
        <img
          src={article.coverImage}
          alt=""
          width={1200}
          height={630}
          loading="lazy"
          decoding="async"
          className="aspect-[40/21] w-full bg-sand-100 object-cover"
        />
      ) : (
        <div aria-hidden="true" className="aspect-[40/21] w-full bg-gradient-to-br from-lake-700 to-canyon-600" />
      )}
      <div className="flex flex-1 flex-col gap-3 p-6">
        <ArticleMetaLine publishedAt={article.publishedAt} readTime={article.readTime} />
        <H className="text-xl font-semibold leading-snug text-lake-900">
          <Link to={href} className="hover:underline">
            {article.title}
          </Link>
        </H>
        <p className="leading-relaxed text-stone-700">{article.summary}</p>
        <TagList article={article} />
        <Link to={href} className={`${textLink} mt-auto pt-2`}>
          Read more<span className="sr-only">{`: ${article.title}`}</span>
        </Link>
      </div>
    </article>
  );
}

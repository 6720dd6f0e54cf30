/** Creates a draft article: renders and sanitises its body, picks a free slug, bumps the blog revision. */
import type { BlogArticleCreate, StaffBlogArticle } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { insertArticle } from '../queries/insert-article.ts';
import { touchBlogRevision } from '../queries/touch-blog-revision.ts';
import { chooseSlug, withSlugRetry } from './choose-slug.ts';
import { normalizeTags, prepareBody } from './prepare-article-fields.ts';
import { toStaffArticle } from './to-article.ts';

export async function createArticle(knex: Knex, input: BlogArticleCreate): Promise<StaffBlogArticle> {
  const body = prepareBody(input.contentMarkdown);
  return withSlugRetry(() =>
    knex.transaction(async (trx) => {
      const slug = await chooseSlug(trx, { explicit: input.slug || undefined, title: input.title });
      const row = await insertArticle(trx, {
        slug,
        title: input.title,
        summary: input.summary,
        ...body,
        cover_image: input.coverImage ?? null,
        tags: normalizeTags(input.tags),
      });
      await touchBlogRevision(trx);
      return toStaffArticle(row);
    }),
  );
}

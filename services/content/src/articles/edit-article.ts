/**
 * Applies a staff edit over the version it was based on (404 when there is no such article,
 * 409 when it was written since that version: the stale copy changes nothing). Only the given
 * fields change; a new body is rendered and sanitised again; the slug changes only when asked
 * ('' = make it again from the title).
 */
import { STALE_EDIT_MESSAGES, type BlogArticleUpdate, type StaffBlogArticle } from '@lp/contracts';
import { conflict, notFound, type Knex } from '@lp/runtime';
import { findArticle } from '../queries/find-article.ts';
import { touchBlogRevision } from '../queries/touch-blog-revision.ts';
import { updateArticle, type ArticleChanges } from '../queries/update-article.ts';
import { chooseSlug, withSlugRetry } from './choose-slug.ts';
import { normalizeTags, prepareBody } from './prepare-article-fields.ts';
import { toStaffArticle } from './to-article.ts';

export async function editArticle(knex: Knex, id: number, patch: BlogArticleUpdate): Promise<StaffBlogArticle> {
  const body = patch.contentMarkdown === undefined ? {} : prepareBody(patch.contentMarkdown);
  return withSlugRetry(() =>
    knex.transaction(async (trx) => {
      const current = await findArticle(trx, id);
      if (!current) throw notFound('Article not found');
      if (current.version !== patch.version) throw conflict(STALE_EDIT_MESSAGES.article);
      const changes: ArticleChanges = { ...body };
      if (patch.title !== undefined) changes.title = patch.title;
      if (patch.summary !== undefined) changes.summary = patch.summary;
      if (patch.coverImage !== undefined) changes.cover_image = patch.coverImage;
      if (patch.tags !== undefined) changes.tags = normalizeTags(patch.tags);
      if (patch.publishedAt !== undefined) changes.published_at = new Date(patch.publishedAt);
      if (patch.slug !== undefined && patch.slug !== current.slug)
        changes.slug = await chooseSlug(trx, {
          explicit: patch.slug || undefined,
          title: changes.title ?? current.title,
          exceptId: id,
        });
      const row = await updateArticle(trx, id, patch.version, changes);
      // Written (or deleted) by another transaction since it was read above.
      if (!row) throw conflict(STALE_EDIT_MESSAGES.article);
      await touchBlogRevision(trx);
      return toStaffArticle(row);
    }),
  );
}

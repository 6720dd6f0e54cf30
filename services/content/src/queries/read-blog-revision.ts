/** When the blog last changed (any article write, delete or status change). */
import type { Knex } from '@lp/runtime';
import { contentTable } from './article-row.ts';

export async function readBlogRevision(knex: Knex): Promise<Date> {
  const row = await contentTable(knex, 'blog_revision').where({ id: 1 }).first('changed_at');
  return row?.changed_at ?? new Date(0);
}

/** When the blog last changed (any article write, delete or status change). */
import type { Knex } from '@lp/runtime';

export async function readBlogRevision(knex: Knex): Promise<Date> {
  const row: { changed_at: Date | string } | undefined = await knex
    .withSchema('content')
    .table('blog_revision')
    .where({ id: 1 })
    .first('changed_at');
  return row ? new Date(row.changed_at) : new Date(0);
}

/** Marks "the blog changed now" (call in the same transaction as the write). */
import type { Knex } from '@lp/runtime';

export async function touchBlogRevision(knex: Knex): Promise<void> {
  await knex.withSchema('content').table('blog_revision').where({ id: 1 }).update({ changed_at: knex.fn.now() });
}

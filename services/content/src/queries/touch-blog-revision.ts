/**
 * Marks "the blog changed now" (call in the same transaction as the write). Never moves
 * backwards: the wall clock at the update (not the transaction's start, which `now()` gives),
 * and never earlier than a revision an overlapping transaction committed first.
 */
import type { Knex } from '@lp/runtime';

export async function touchBlogRevision(knex: Knex): Promise<void> {
  await knex
    .withSchema('content')
    .table('blog_revision')
    .where({ id: 1 })
    .update({ changed_at: knex.raw('greatest(changed_at, clock_timestamp())') });
}

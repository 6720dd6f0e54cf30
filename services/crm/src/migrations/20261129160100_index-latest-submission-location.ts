/**
 * A contact's latest form submission (what a segment's location condition reads: the country,
 * region or city it was sent from) in index order: by address (any letter case), newest first,
 * with the location alongside, so "the latest of each address" is one pass over the index with
 * no sort (at 60,000 submissions the sort spilled to disk). It replaces the index on the address
 * alone, whose lookups it serves as well.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index form_submissions_latest_idx on crm.form_submissions
    (lower(email), created_at desc, id desc) include (country, region, city)`);
  await knex.raw('drop index crm.form_submissions_email_lower_idx');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('create index form_submissions_email_lower_idx on crm.form_submissions (lower(email))');
  await knex.raw('drop index crm.form_submissions_latest_idx');
}

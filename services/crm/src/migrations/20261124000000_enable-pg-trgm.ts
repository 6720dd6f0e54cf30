/** pg_trgm: trigram indexes, so the contacts search (any part of a name, e-mail or phone) uses an index. */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pg_trgm');
}

export async function down(): Promise<void> {
  // Left in place: other schemas may use it.
}

/**
 * The contacts search: one trigram index over the lower-cased name, e-mail and phone, so
 * `GET /api/marketing/contacts?q=` finds any fragment without scanning the table. The expression
 * must stay identical to `CONTACT_SEARCH_SQL` in queries/contact-row.ts.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `create index contacts_search_trgm_idx on crm.contacts using gin (
       (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email || ' ' || coalesce(phone, ''))) gin_trgm_ops
     )`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index crm.contacts_search_trgm_idx');
}

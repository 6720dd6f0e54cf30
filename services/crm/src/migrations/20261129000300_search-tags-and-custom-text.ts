/**
 * The contacts search finds tags and the text (and date) values of custom fields as well as the
 * name, e-mail and phone: `search_text` is redefined with them (CONTACT_SEARCH_TEXT_WITH_LABELS_SQL).
 * A generated column's expression cannot be altered before
 * PostgreSQL 17, so the column is made again (and its trigram index with it).
 */
import type { Knex } from '@lp/runtime';
import { CONTACT_SEARCH_TEXT_SQL, CONTACT_SEARCH_TEXT_WITH_LABELS_SQL } from '../queries/contact-search.ts';

async function searchTextColumn(knex: Knex, definition: string): Promise<void> {
  await knex.raw('drop index if exists crm.contacts_search_text_trgm_idx');
  await knex.raw('alter table crm.contacts drop column search_text');
  // knex reads `?` as a binding; the jsonpath filter's `?` is meant literally.
  const sql = `alter table crm.contacts add column search_text text generated always as (${definition}) stored`;
  await knex.raw(sql.replaceAll('?', '\\?'));
  await knex.raw('create index contacts_search_text_trgm_idx on crm.contacts using gin (search_text gin_trgm_ops)');
}

export async function up(knex: Knex): Promise<void> {
  await searchTextColumn(knex, CONTACT_SEARCH_TEXT_WITH_LABELS_SQL);
}

export async function down(knex: Knex): Promise<void> {
  await searchTextColumn(knex, CONTACT_SEARCH_TEXT_SQL);
}

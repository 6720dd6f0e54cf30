/**
 * The contacts search ignores accents as well as case: `search_text` is the folded name, e-mail
 * and phone (queries/contact-search.ts), a stored generated column, so rows written by any path
 * (and every existing row, now) carry it; the trigram index moves onto it. PGlite has no
 * `unaccent`, so the folding is plain `translate`/`replace`/`lower`, the same on both backends.
 */
import type { Knex } from '@lp/runtime';
import { CONTACT_SEARCH_TEXT_SQL } from '../queries/contact-search.ts';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `alter table crm.contacts add column search_text text generated always as (${CONTACT_SEARCH_TEXT_SQL}) stored`,
  );
  await knex.raw('drop index if exists crm.contacts_search_trgm_idx');
  await knex.raw('create index contacts_search_text_trgm_idx on crm.contacts using gin (search_text gin_trgm_ops)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists crm.contacts_search_text_trgm_idx');
  await knex.raw('alter table crm.contacts drop column search_text');
  await knex.raw(
    `create index contacts_search_trgm_idx on crm.contacts using gin (
       (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email || ' ' || coalesce(phone, ''))) gin_trgm_ops
     )`,
  );
}

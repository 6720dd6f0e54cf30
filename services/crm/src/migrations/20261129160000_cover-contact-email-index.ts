/**
 * The unique index on a contact's address (any letter case) carries the address itself, so a
 * lookup by `lower(email)` that needs nothing else of the contact (a segment's location or lot
 * condition matching the addresses of form submissions) is answered from the index alone,
 * without a read of the contact's row per address: PostgreSQL answers an expression index only
 * when the columns of the expression are in it. Still the arbiter of `on conflict (lower(email))`.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create unique index contacts_email_lower_cover_idx on crm.contacts (lower(email)) include (email)');
  await knex.raw('drop index crm.contacts_email_lower_idx');
  await knex.raw('alter index crm.contacts_email_lower_cover_idx rename to contacts_email_lower_idx');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('create unique index contacts_email_lower_plain_idx on crm.contacts (lower(email))');
  await knex.raw('drop index crm.contacts_email_lower_idx');
  await knex.raw('alter index crm.contacts_email_lower_plain_idx rename to contacts_email_lower_idx');
}

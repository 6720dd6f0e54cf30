/**
 * Tags on contacts: lower-cased labels, each once per contact (contracts' contact-fields.ts), as a
 * text array with a GIN index, so "contacts tagged X" (the contacts screen's tag filter now, a
 * segment's condition later) is an index lookup (`tags @> array['x']`) at a million contacts.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw("alter table crm.contacts add column tags text[] not null default '{}'");
  await knex.raw('create index contacts_tags_idx on crm.contacts using gin (tags)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists crm.contacts_tags_idx');
  await knex.raw('alter table crm.contacts drop column tags');
}

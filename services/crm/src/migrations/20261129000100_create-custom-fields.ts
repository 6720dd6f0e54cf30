/**
 * Custom fields of contacts: each defined once (`crm.custom_fields`: a key that never changes, a
 * name staff may change, a type: text, number, date or boolean), its values on the contact in one
 * jsonb object by key (`crm.contacts.custom_fields`), typed as JSON (number, "YYYY-MM-DD", true).
 * The GIN index (jsonb_path_ops) answers containment (`custom_fields @> '{"budget": 250000}'`)
 * for the segments to come. Names are unique in any letter case; a rename moves the version on.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').createTable('custom_fields', (t) => {
    t.increments('id').primary();
    t.text('key').notNullable().unique();
    t.text('name').notNullable();
    t.text('type').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('version').notNullable().defaultTo(1);
  });
  await knex.raw(
    "alter table crm.custom_fields add constraint custom_fields_type_check check (type in ('text', 'number', 'date', 'boolean'))",
  );
  await knex.raw('create unique index custom_fields_name_lower_idx on crm.custom_fields (lower(name))');
  await knex.raw(`
    create trigger custom_fields_bump_version before update on crm.custom_fields for each row
    when (old.name is distinct from new.name)
    execute function crm.bump_version()`);
  await knex.raw("alter table crm.contacts add column custom_fields jsonb not null default '{}'");
  await knex.raw('create index contacts_custom_fields_idx on crm.contacts using gin (custom_fields jsonb_path_ops)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists crm.contacts_custom_fields_idx');
  await knex.raw('alter table crm.contacts drop column custom_fields');
  await knex.schema.withSchema('crm').dropTable('custom_fields');
}

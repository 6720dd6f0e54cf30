/**
 * A version on contacts and lists, so a save of a copy read before someone else's change is
 * refused instead of silently winning. Every change of a field staff edit bumps it, whoever
 * writes it (the edit dialogs, a CSV import, an unsubscribe or bounce, a bulk action): a trigger
 * does it, so no writer can forget. Changes of other columns (a list's `updated_at` when contacts
 * join it) leave it alone, so they never refuse an edit for nothing.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table crm.contacts add column version integer not null default 1');
  await knex.raw('alter table crm.lists add column version integer not null default 1');
  await knex.raw(`
    create function crm.bump_version() returns trigger language plpgsql as $$
    begin
      new.version := old.version + 1;
      return new;
    end
    $$`);
  await knex.raw(`
    create trigger contacts_bump_version before update on crm.contacts for each row
    when ((old.email, old.first_name, old.last_name, old.phone, old.status, old.metadata)
          is distinct from (new.email, new.first_name, new.last_name, new.phone, new.status, new.metadata))
    execute function crm.bump_version()`);
  await knex.raw(`
    create trigger lists_bump_version before update on crm.lists for each row
    when ((old.name, old.description) is distinct from (new.name, new.description))
    execute function crm.bump_version()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger lists_bump_version on crm.lists');
  await knex.raw('drop trigger contacts_bump_version on crm.contacts');
  await knex.raw('drop function crm.bump_version()');
  await knex.raw('alter table crm.lists drop column version');
  await knex.raw('alter table crm.contacts drop column version');
}

/**
 * A contact's version moves on when its tags or custom values change too, whoever writes them
 * (the edit dialog, an import, a custom field deleted with its values): an edit opened before
 * such a change is refused (409) like any other stale edit.
 */
import type { Knex } from '@lp/runtime';

const trigger = (columns: string) => `
    create trigger contacts_bump_version before update on crm.contacts for each row
    when ((${columns.replace(/(\w+)/g, 'old.$1')}) is distinct from (${columns.replace(/(\w+)/g, 'new.$1')}))
    execute function crm.bump_version()`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop trigger contacts_bump_version on crm.contacts');
  await knex.raw(trigger('email, first_name, last_name, phone, status, metadata, tags, custom_fields'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger contacts_bump_version on crm.contacts');
  await knex.raw(trigger('email, first_name, last_name, phone, status, metadata'));
}

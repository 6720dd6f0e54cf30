/**
 * A random token per campaign, part of every Message-ID it sends (`<token.d{delivery}.c{campaign}@domain>`):
 * delivery and campaign numbers alone repeat on every install and after a database restore, and
 * mail clients and providers that de-duplicate or thread by Message-ID would merge unrelated mail.
 * Existing campaigns get one each too (the default is evaluated per row).
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `alter table mailer.campaigns add column message_id_token text not null default replace(gen_random_uuid()::text, '-', '')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table mailer.campaigns drop column message_id_token');
}

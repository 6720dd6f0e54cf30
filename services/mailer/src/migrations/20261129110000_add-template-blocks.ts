/**
 * Templates: which editor made each one (`editor`: 'html', every existing template, or
 * 'blocks') and a block template's blocks as JSON (null for HTML). A block template's `content`
 * is the HTML the mailer rendered from its blocks, so sending reads `content` either way.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    "alter table mailer.templates add column if not exists editor text not null default 'html' " +
      "constraint templates_editor_check check (editor in ('html', 'blocks'))",
  );
  await knex.raw('alter table mailer.templates add column if not exists blocks jsonb');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table mailer.templates drop column if exists blocks');
  await knex.raw('alter table mailer.templates drop column if exists editor');
}

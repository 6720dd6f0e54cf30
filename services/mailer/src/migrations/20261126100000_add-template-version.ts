/**
 * Templates: a `version` that every write increments. An edit names the version it was based on and
 * is applied only while the row still has it (optimistic concurrency: a stale copy is refused
 * with a 409, never silently saved over a newer one). Existing rows start at 1.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table mailer.templates add column if not exists version integer not null default 1');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table mailer.templates drop column if exists version');
}

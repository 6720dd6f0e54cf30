/** Goals can be edited: each carries a version that every edit moves on (contracts' record-version.ts). */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table analytics.goals add column version integer not null default 1');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table analytics.goals drop column version');
}

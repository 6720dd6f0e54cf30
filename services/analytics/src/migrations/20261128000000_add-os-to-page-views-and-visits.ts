/**
 * The operating system of a page view (Windows, macOS, iOS, Android, Linux, Chrome OS, …: the
 * gateway names it from the user agent and client hints) and of a visit (its first page view's),
 * beside browser and device. Added on the partitioned parent, so every partition, present and
 * future, has it; rows stored before have none (null, shown as "Unknown"). Its roll-ups are
 * `daily_breakdowns` rows of dimension `os`, which need no column.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table analytics.page_views add column os text');
  await knex.raw('alter table analytics.visits add column os text');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`delete from analytics.daily_breakdowns where dimension = 'os'`);
  await knex.raw('alter table analytics.visits drop column os');
  await knex.raw('alter table analytics.page_views drop column os');
}

/**
 * Bounces are hard or soft: a provider's bounce of `type: blocked` (SendGrid: refused for now, a
 * full mailbox, a reputation block) is soft (`is_soft`); the others are hard, as every bounce was
 * treated before (stored bounces stay hard: the type they came with was not kept).
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table mailer.tracking_events add column is_soft boolean not null default false');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table mailer.tracking_events drop column is_soft');
}

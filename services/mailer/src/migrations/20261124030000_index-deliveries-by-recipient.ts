/**
 * A contact's history asks for the messages sent to one address (any letter case), newest
 * first; provider events without our id look up the latest delivery to an address. Both read
 * this index instead of every delivery.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index if not exists deliveries_recipient_idx on mailer.deliveries (lower(email), id desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists mailer.deliveries_recipient_idx');
}

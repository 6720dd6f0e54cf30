/**
 * Lot watches: who asked to be told when a lot changes. One row per lot and address (stored
 * lower-cased, so asking again in another letter case is the same watch). `pending` until the
 * confirmation link is followed (double opt-in: a pending watch is never alerted), then
 * `active` from `confirmed_at`; `stopped` by an alert's stop link. Asking again for a stopped
 * watch makes it pending again (a new confirmation).
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').createTable('lot_watches', (t) => {
    t.increments('id').primary();
    t.integer('lot_number').notNullable();
    t.text('email').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('confirmed_at', { useTz: true });
    t.timestamp('stopped_at', { useTz: true });
    t.unique(['lot_number', 'email']);
  });
  await knex.raw(
    `alter table mailer.lot_watches
       add constraint lot_watches_status check (status in ('pending', 'active', 'stopped')),
       add constraint lot_watches_email_lower check (email = lower(email))`,
  );
  await knex.raw(`create index lot_watches_active on mailer.lot_watches (lot_number) where status = 'active'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTable('lot_watches');
}

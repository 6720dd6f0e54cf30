/**
 * One row per message of a lot watch: the confirmation of one request (`confirm`, ref = the
 * request's event id) or the alert of one lot version (`alert`, ref = the version). A sender
 * claims it by inserting the row (`on conflict do nothing`), so a redelivered event or a second
 * replica never mails twice. `status` is `sending` from the claim until the relay answered (a
 * sender that stopped in between leaves it so: read as unknown, never resent), then `sent`,
 * `failed` or `outbox`; `skipped` records why nothing was sent (the address is suppressed, a
 * confirmation was sent moments ago).
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').createTable('lot_watch_mails', (t) => {
    t.integer('watch_id').notNullable().references('id').inTable('mailer.lot_watches').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.text('ref').notNullable();
    t.text('status').notNullable().defaultTo('sending');
    t.text('detail');
    t.timestamp('claimed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.primary(['watch_id', 'kind', 'ref']);
  });
  await knex.raw(
    `alter table mailer.lot_watch_mails
       add constraint lot_watch_mails_kind check (kind in ('confirm', 'alert')),
       add constraint lot_watch_mails_status check (status in ('sending', 'sent', 'failed', 'outbox', 'skipped'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTable('lot_watch_mails');
}

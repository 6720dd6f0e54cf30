/**
 * One row per form submission and kind of message (`reply` to the visitor, `alert` to staff): a
 * sender claims it by inserting the row (`on conflict do nothing`), so a redelivered event, a
 * retried form post (the same event id) or a second replica never mails twice. `status` is
 * `sending` from the claim until the relay answered (a sender that stopped in between leaves it
 * so, read as unknown and never resent), then `sent`, `failed` or `outbox`; `skipped` records why
 * nothing was sent (the interest's reply is off, the address is suppressed).
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').createTable('lead_reply_sends', (t) => {
    t.uuid('submission_id').notNullable();
    t.text('kind').notNullable();
    t.text('status').notNullable().defaultTo('sending');
    t.text('interest').notNullable();
    t.integer('template_id');
    t.text('recipients').notNullable().defaultTo('');
    t.text('detail');
    t.timestamp('claimed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.primary(['submission_id', 'kind']);
  });
  await knex.raw(
    `alter table mailer.lead_reply_sends
       add constraint lead_reply_sends_kind check (kind in ('reply', 'alert')),
       add constraint lead_reply_sends_status check (status in ('sending', 'sent', 'failed', 'outbox', 'skipped'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTable('lead_reply_sends');
}

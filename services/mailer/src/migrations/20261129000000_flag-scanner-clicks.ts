/**
 * Clicks a link scanner made (a security gateway following every link of a message, a script)
 * are kept, flagged `is_scanner`, and not counted as clicks (tracking/machine-hits.ts has the
 * rules). Stored clicks and opens get the timing rules here, as they stood when this was written:
 * a click within 10 s of its message being sent, or on another link of the same message within
 * 2 s of another click, is a scanner's; an open within 5 s of sending is a prefetch (is_proxy).
 * The user-agent rule applies to clicks stored from now on.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').alterTable('tracking_events', (t) => {
    t.boolean('is_scanner').notNullable().defaultTo(false);
  });
  await knex.raw(
    `update mailer.tracking_events t set is_scanner = true
       from mailer.deliveries d
      where d.id = t.delivery_id and t.kind = 'click'
        and (t.at < d.sent_at + interval '10 seconds'
             or exists (select 1 from mailer.tracking_events o
                         where o.delivery_id = t.delivery_id and o.kind = 'click'
                           and o.link_idx is distinct from t.link_idx
                           and o.at between t.at - interval '2 seconds' and t.at + interval '2 seconds'))`,
  );
  await knex.raw(
    `update mailer.tracking_events t set is_proxy = true
       from mailer.deliveries d
      where d.id = t.delivery_id and t.kind = 'open' and not t.is_proxy
        and t.at < d.sent_at + interval '5 seconds'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').alterTable('tracking_events', (t) => {
    t.dropColumn('is_scanner');
  });
}

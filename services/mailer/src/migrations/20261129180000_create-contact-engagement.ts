/**
 * When each contact last opened and last clicked any of the mail sent to them, as a person (a
 * privacy proxy's open and a link scanner's click do not count): what crm's segments ask for
 * "opened any campaign in the last N days" and "never opened", answered from one row per contact
 * instead of every delivery and event (tracking/contact-engagement.ts keeps it current in the
 * transaction that stores the events). Filled here from the events stored so far; the index on
 * the deliveries' contact finds a contact's mail when a new event comes.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `create table if not exists mailer.contact_engagement (
       contact_id integer primary key,
       last_opened_at timestamptz,
       last_clicked_at timestamptz)`,
  );
  // Who ever opened (or clicked), in contact order, with the time: a page is an index-only walk.
  await knex.raw(
    `create index if not exists contact_engagement_opened_idx on mailer.contact_engagement (contact_id)
       include (last_opened_at) where last_opened_at is not null`,
  );
  await knex.raw(
    `create index if not exists contact_engagement_clicked_idx on mailer.contact_engagement (contact_id)
       include (last_clicked_at) where last_clicked_at is not null`,
  );
  await knex.raw('create index if not exists deliveries_contact_idx on mailer.deliveries (contact_id)');
  await knex.raw(
    `insert into mailer.contact_engagement (contact_id, last_opened_at, last_clicked_at)
     select d.contact_id,
            max(t.at) filter (where t.kind = 'open' and not t.is_proxy),
            max(t.at) filter (where t.kind = 'click' and not t.is_scanner)
       from mailer.deliveries d join mailer.tracking_events t on t.delivery_id = d.id
      where t.kind in ('open', 'click')
      group by d.contact_id
     on conflict (contact_id) do nothing`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists mailer.contact_engagement');
  await knex.raw('drop index if exists mailer.deliveries_contact_idx');
}

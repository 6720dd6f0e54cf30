/**
 * A journey's send step mails a contact once per entry, not once ever: a contact who enters again
 * (a second form, a second lot change, joining the list again) gets the step's mail again. A
 * delivery names the journey entry it was made for (`journey_entry_id`; null for campaigns), and
 * the one-delivery-per-campaign-and-contact rule becomes one per campaign, contact and entry.
 * Its leading columns are those of the rule it replaces, so lookups by campaign and contact keep
 * their index. Building it locks the table's writes for as long as it takes (seconds per million
 * deliveries).
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table mailer.deliveries add column if not exists journey_entry_id bigint');
  await knex.raw(
    `create unique index if not exists deliveries_campaign_contact_entry_uq
       on mailer.deliveries (campaign_id, contact_id, coalesce(journey_entry_id, 0))`,
  );
  await knex.raw('alter table mailer.deliveries drop constraint if exists deliveries_campaign_id_contact_id_unique');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('delete from mailer.deliveries where journey_entry_id is not null');
  await knex.raw(
    'alter table mailer.deliveries add constraint deliveries_campaign_id_contact_id_unique unique (campaign_id, contact_id)',
  );
  await knex.raw('drop index if exists mailer.deliveries_campaign_contact_entry_uq');
  await knex.raw('alter table mailer.deliveries drop column if exists journey_entry_id');
}

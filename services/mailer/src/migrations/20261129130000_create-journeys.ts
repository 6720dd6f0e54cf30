/**
 * Journeys (the mailer runs them and sends their mail):
 * - `journeys`: the definition (trigger and steps, jsonb), `active` or `paused`, a version moved
 *   on by every edit; a list-joined trigger's cursor (the last member read: when it joined, to the
 *   microsecond, and its contact id) and the lease of the engine reading it;
 * - `journey_entries`: a contact's place in a journey — one per trigger event (`entry_key`
 *   unique per journey), its current step and when that step is due; `leased_by`/`lease_until`
 *   say which engine has taken it (a dead engine's lease runs out);
 * - `journey_step_runs`: one row per entry and step, written in the transaction that runs the
 *   step and moves the entry on: the claim that makes each step run once per entry;
 * - `journey_list_entries`: staff letting a list's contacts enter, read from crm a page at a
 *   time by any engine (the last contact id read is kept, so a restart continues from there);
 * - `journey_send_campaigns`: the campaign (status `journey`) each send step's mail is sent
 *   under, so it goes through the send worker with its tracking, unsubscribe link and delivery rows.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').createTable('journeys', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.text('status').notNullable().defaultTo('active');
    t.integer('version').notNullable().defaultTo(1);
    t.jsonb('trigger').notNullable();
    t.jsonb('steps').notNullable();
    t.text('trigger_kind').notNullable();
    t.text('trigger_interest');
    t.text('list_cursor');
    t.integer('list_cursor_contact').notNullable().defaultTo(0);
    t.timestamp('trigger_lease_until', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('updated_by');
  });
  await knex.raw(`alter table mailer.journeys add constraint journeys_status check (status in ('active', 'paused'))`);
  await knex.schema.withSchema('mailer').createTable('journey_entries', (t) => {
    t.bigIncrements('id').primary();
    t.integer('journey_id').notNullable().references('id').inTable('mailer.journeys').onDelete('CASCADE');
    t.text('entry_key').notNullable();
    t.integer('contact_id').notNullable();
    t.text('email').notNullable();
    t.text('first_name').notNullable().defaultTo('');
    t.text('last_name').notNullable().defaultTo('');
    t.text('state').notNullable().defaultTo('active');
    t.text('step_id');
    t.timestamp('due_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('exit_reason');
    t.uuid('leased_by');
    t.timestamp('lease_until', { useTz: true });
    t.timestamp('entered_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['journey_id', 'entry_key']);
    t.index(['journey_id', 'state', 'step_id'], 'journey_entries_step_idx');
  });
  await knex.raw(
    `alter table mailer.journey_entries add constraint journey_entries_state check (state in ('active', 'completed', 'exited'))`,
  );
  // The engine's poll: active entries by due time.
  await knex.raw(`create index journey_entries_due_idx on mailer.journey_entries (due_at, id) where state = 'active'`);
  await knex.schema.withSchema('mailer').createTable('journey_step_runs', (t) => {
    t.bigInteger('entry_id').notNullable().references('id').inTable('mailer.journey_entries').onDelete('CASCADE');
    t.text('step_id').notNullable();
    t.integer('journey_id').notNullable();
    t.text('outcome');
    t.timestamp('ran_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['entry_id', 'step_id']);
    t.index(['journey_id', 'step_id'], 'journey_step_runs_step_idx');
  });
  await knex.schema.withSchema('mailer').createTable('journey_list_entries', (t) => {
    t.bigIncrements('id').primary();
    t.integer('journey_id').notNullable().references('id').inTable('mailer.journeys').onDelete('CASCADE');
    t.integer('list_id').notNullable();
    t.text('request_id').notNullable().unique();
    t.integer('after_contact_id').notNullable().defaultTo(0);
    t.timestamp('lease_until', { useTz: true });
    t.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('done_at', { useTz: true });
  });
  await knex.raw(
    `create index journey_list_entries_open_idx on mailer.journey_list_entries (id) where done_at is null`,
  );
  await knex.schema.withSchema('mailer').createTable('journey_send_campaigns', (t) => {
    t.integer('journey_id').notNullable().references('id').inTable('mailer.journeys').onDelete('CASCADE');
    t.text('step_id').notNullable();
    t.integer('template_id').notNullable();
    t.integer('campaign_id').notNullable().references('id').inTable('mailer.campaigns').onDelete('CASCADE');
    t.primary(['journey_id', 'step_id', 'template_id']);
    t.index(['campaign_id'], 'journey_send_campaigns_campaign_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTable('journey_send_campaigns');
  await knex.schema.withSchema('mailer').dropTable('journey_list_entries');
  await knex.schema.withSchema('mailer').dropTable('journey_step_runs');
  await knex.schema.withSchema('mailer').dropTable('journey_entries');
  await knex.schema.withSchema('mailer').dropTable('journeys');
}

/**
 * The weekly report's settings: one row (id 1), off until an owner turns it on. `recipients` is
 * a JSON array of `{ staffId, username, email }` (staff accounts live in the gateway; the mailer
 * keeps the addresses it sends to). `schedule_from` is when it was last turned on or given a new
 * weekday or hour: a slot before that is never sent, so turning it on midweek does not mail last
 * Monday's report at once.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').createTable('weekly_report_settings', (t) => {
    t.smallint('id').primary().defaultTo(1);
    t.boolean('enabled').notNullable().defaultTo(false);
    t.smallint('weekday').notNullable().defaultTo(1);
    t.smallint('hour').notNullable().defaultTo(8);
    t.jsonb('recipients').notNullable().defaultTo('[]');
    t.timestamp('schedule_from', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true });
    t.text('updated_by');
  });
  await knex.raw(
    `alter table mailer.weekly_report_settings
       add constraint weekly_report_settings_one_row check (id = 1),
       add constraint weekly_report_settings_weekday check (weekday between 1 and 7),
       add constraint weekly_report_settings_hour check (hour between 0 and 23)`,
  );
  await knex.withSchema('mailer').table('weekly_report_settings').insert({ id: 1 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTable('weekly_report_settings');
}

/**
 * Where the journeys' polled triggers stand (the engine's follow-*.ts):
 * - `trigger_set_at`: when the trigger was last set (made, or changed by an edit): what happened
 *   before it (a crossing of a lot's views, a lot change) lets no one in;
 * - `trigger_polled_at`: when a polled trigger (segment joined, lot viewed, link clicked) was
 *   last read to the end, so each is read about once a minute (clicks every ~2 s) by any engine;
 * - `click_cursor` / `click_horizon`: the last tracking event a link-clicked trigger has read,
 *   and the newest one seen at the previous read (read next time, once settled);
 * - `segment_round` / `segment_after` / `segment_primed`: a segment-joined trigger reads the
 *   segment in rounds; the contact id its round reached (null between rounds: a restart goes on
 *   from there), and whether a whole round was read since the trigger was set (the first round
 *   records the members without letting them in);
 * - `journey_segment_members`: the segment's members as last read, with the round that last saw
 *   each; a member not seen by a finished round has left (and is let in again when it rejoins).
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').alterTable('journeys', (t) => {
    t.timestamp('trigger_set_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('trigger_polled_at', { useTz: true });
    t.bigInteger('click_cursor');
    t.bigInteger('click_horizon');
    t.integer('segment_round').notNullable().defaultTo(1);
    t.integer('segment_after');
    t.boolean('segment_primed').notNullable().defaultTo(false);
  });
  await knex.raw(`update mailer.journeys set trigger_set_at = date_trunc('milliseconds', created_at)`);
  await knex.schema.withSchema('mailer').createTable('journey_segment_members', (t) => {
    t.integer('journey_id').notNullable().references('id').inTable('mailer.journeys').onDelete('CASCADE');
    t.integer('contact_id').notNullable();
    t.integer('round').notNullable();
    t.primary(['journey_id', 'contact_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTable('journey_segment_members');
  await knex.schema.withSchema('mailer').alterTable('journeys', (t) => {
    for (const c of [
      'trigger_set_at',
      'trigger_polled_at',
      'click_cursor',
      'click_horizon',
      'segment_round',
      'segment_after',
      'segment_primed',
    ])
      t.dropColumn(c);
  });
}

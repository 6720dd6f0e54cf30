/**
 * What a campaign sends and to whom: the send request's id (the 202's campaign id), the
 * message, the audience as asked (resolved against crm when the send starts), and when it
 * started and completed.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').alterTable('campaigns', (t) => {
    t.uuid('request_id').unique();
    t.text('subject').notNullable().defaultTo('');
    t.text('from_name').notNullable().defaultTo('');
    t.text('from_email').notNullable().defaultTo('');
    t.text('content').notNullable().defaultTo('');
    t.text('preview_text').notNullable().defaultTo('');
    t.jsonb('audience');
    t.boolean('audience_resolved').notNullable().defaultTo(false);
    /** A sender resolving the audience holds it until then (a crashed one's lease runs out). */
    t.timestamp('audience_lease_until', { useTz: true });
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
  });
  await knex.raw("create index campaigns_due_idx on mailer.campaigns (scheduled_for) where status = 'scheduled'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists mailer.campaigns_due_idx');
  await knex.schema.withSchema('mailer').alterTable('campaigns', (t) => {
    for (const c of ['request_id', 'subject', 'from_name', 'from_email', 'content', 'preview_text', 'audience'])
      t.dropColumn(c);
    for (const c of ['audience_resolved', 'audience_lease_until', 'started_at', 'completed_at']) t.dropColumn(c);
  });
}

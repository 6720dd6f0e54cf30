/**
 * Audit entries carry their outcome: written as `pending` before the action, then `done`,
 * `failed` (the owning service refused) or `unknown` (it may or may not have happened). Entries
 * written before this were written after their action succeeded: they are `done`.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('gateway').alterTable('audit_log', (t) => {
    t.text('outcome').notNullable().defaultTo('done');
    t.timestamp('settled_at', { useTz: true });
  });
  await knex.raw(
    `alter table gateway.audit_log add constraint audit_log_outcome_check check (outcome in ('pending', 'done', 'failed', 'unknown'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('gateway').alterTable('audit_log', (t) => {
    t.dropChecks(['audit_log_outcome_check']);
    t.dropColumn('settled_at');
    t.dropColumn('outcome');
  });
}

/**
 * A/B subject tests: a campaign may carry one (`ab_test`: variant B, each variant's share, how the
 * winner is picked and after how long), and when and by whom its winner was picked. Each delivery
 * of such a campaign names its group (`variant`: `a`, `b`, or `rest`, which waits for the winner),
 * written with the row before anything is sent, so a recipient is in one group only.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').alterTable('campaigns', (t) => {
    t.jsonb('ab_test');
    t.timestamp('ab_decide_at', { useTz: true });
    t.text('ab_winner');
    t.timestamp('ab_decided_at', { useTz: true });
    t.text('ab_decided_by');
  });
  await knex.schema.withSchema('mailer').alterTable('deliveries', (t) => {
    t.text('variant');
  });
  await knex.raw(
    'create index campaigns_ab_undecided_idx on mailer.campaigns (ab_decide_at) where ab_test is not null and ab_winner is null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists mailer.campaigns_ab_undecided_idx');
  await knex.schema.withSchema('mailer').alterTable('deliveries', (t) => {
    t.dropColumn('variant');
  });
  await knex.schema.withSchema('mailer').alterTable('campaigns', (t) => {
    t.dropColumn('ab_test');
    t.dropColumn('ab_decide_at');
    t.dropColumn('ab_winner');
    t.dropColumn('ab_decided_at');
    t.dropColumn('ab_decided_by');
  });
}

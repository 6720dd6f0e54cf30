/**
 * Picking an A/B test's winner, by itself or by hand, once: the campaign row is updated only
 * while it has no winner (`ab_winner is null`), and in the same transaction the rest of the
 * audience becomes due with the winner's message; a second decider (another replica's look, a
 * staff pick racing the timer) finds it decided and does nothing (a staff pick gets a 409).
 * Every mailer replica's send loop looks for due tests (`decideDueAbTests`) on its housekeeping.
 * A paused campaign's test waits: staff paused the sending, so the rest is not released behind
 * their back; once resumed, a test whose time has come is decided on the next look (staff may
 * still pick by hand while paused).
 */
import type { AbTest, AbVariant, Campaign } from '@lp/contracts';
import { conflict, notFound, type Knex } from '@lp/runtime';
import { campaignRow } from '../campaigns/change-campaign-status.ts';
import { abWinnerOf } from './ab-test-rules.ts';
import { readAbTallies } from './read-ab-test.ts';

/** Sets the winner and releases the rest; false when the test was decided already. */
export async function decideAbWinner(
  knex: Knex,
  id: number,
  winner: AbVariant,
  by: 'auto' | 'staff',
): Promise<boolean> {
  return knex.transaction(async (trx) => {
    const decided = await trx
      .withSchema('mailer')
      .table('campaigns')
      .where({ id, ab_winner: null, audience_resolved: true })
      .whereNotNull('ab_test')
      .update({ ab_winner: winner, ab_decided_at: trx.fn.now(), ab_decided_by: by });
    if (!decided) return false;
    await trx
      .withSchema('mailer')
      .table('deliveries')
      .where({ campaign_id: id, variant: 'rest', status: 'pending' })
      .update({ next_attempt_at: trx.fn.now() });
    return true;
  });
}

/** The tests whose time has come (not manual ones, not paused), each decided by its people's opens or clicks. */
export async function decideDueAbTests(knex: Knex): Promise<number[]> {
  const due = await knex
    .withSchema('mailer')
    .table('campaigns')
    .whereNotNull('ab_test')
    .whereNull('ab_winner')
    .where('ab_decide_at', '<=', knex.fn.now())
    .where({ audience_resolved: true })
    .whereNot({ status: 'paused' })
    .select<{ id: number; ab_test: AbTest }[]>('id', 'ab_test');
  const decided: number[] = [];
  for (const c of due) {
    if (c.ab_test.winnerBy === 'manual') continue;
    const t = await readAbTallies(knex, c.id);
    const winner = abWinnerOf(c.ab_test.winnerBy, t.a, t.b);
    if (await decideAbWinner(knex, c.id, winner, 'auto')) decided.push(c.id);
  }
  return decided;
}

/** Staff pick the winner: 404 for no such campaign, 409 when it is no test, not started or decided. */
export async function pickAbWinner(knex: Knex, { id, variant }: { id: number; variant: AbVariant }): Promise<Campaign> {
  if (!(await decideAbWinner(knex, id, variant, 'staff'))) {
    const c = await knex
      .withSchema('mailer')
      .table('campaigns')
      .where({ id })
      .first<{ ab_test: AbTest | null; ab_winner: string | null; audience_resolved: boolean } | undefined>(
        'ab_test',
        'ab_winner',
        'audience_resolved',
      );
    if (!c) throw notFound('Campaign not found');
    if (!c.ab_test) throw conflict('This campaign is not an A/B test');
    if (c.ab_winner) throw conflict(`The winner was already picked: variant ${c.ab_winner.toUpperCase()}`);
    throw conflict('The test has not started yet: pick the winner once its variants are being sent');
  }
  return campaignRow(knex, id);
}

/**
 * The lease of the polled triggers that are due: segment joined and lot viewed about every
 * `pollSeconds`, link clicked every 2 s. One
 * statement takes them all (`FOR UPDATE SKIP LOCKED`, a 30-second lease), so replicas share the
 * journeys and an engine with no such journey pays one small query per tick. The reader marks the
 * journey read (`trigger_polled_at`) and lets the lease go (releaseTriggerLease).
 */
import type { Knex } from '@lp/runtime';

export type PolledKind = 'segment_joined' | 'lot_viewed' | 'link_clicked';
export type LeasedTrigger = {
  id: number;
  trigger_kind: PolledKind;
  trigger_set_at: Date;
  click_cursor: string | number | null;
  click_horizon: string | number | null;
  segment_round: number;
  segment_after: number | null;
  segment_primed: boolean;
};

export const CLICKS_EVERY_SECONDS = 2;

export async function leaseTriggerJourneys(knex: Knex, pollSeconds: number): Promise<LeasedTrigger[]> {
  const { rows } = await knex.raw<{ rows: LeasedTrigger[] }>(
    `update mailer.journeys j set trigger_lease_until = now() + interval '30 seconds'
      where j.id in (
        select id from mailer.journeys
         where status = 'active' and trigger_kind in ('segment_joined', 'lot_viewed', 'link_clicked')
           and (trigger_lease_until is null or trigger_lease_until < now())
           and (trigger_polled_at is null
                or trigger_polled_at < now() - (case when trigger_kind = 'link_clicked' then ?::int else ?::int end) * interval '1 second')
         order by trigger_polled_at nulls first
         limit 20
         for update skip locked)
      returning j.id, j.trigger_kind, j.trigger_set_at, j.click_cursor, j.click_horizon,
                j.segment_round, j.segment_after, j.segment_primed`,
    [CLICKS_EVERY_SECONDS, pollSeconds],
  );
  return rows;
}

/** Lets the lease go; `read`: the trigger was read to the end now (the next read is due a period later). */
export async function releaseTriggerLease(knex: Knex, id: number, read: boolean): Promise<void> {
  await knex
    .withSchema('mailer')
    .table('journeys')
    .where({ id })
    .update({ trigger_lease_until: null, ...(read ? { trigger_polled_at: knex.fn.now() } : {}) });
}

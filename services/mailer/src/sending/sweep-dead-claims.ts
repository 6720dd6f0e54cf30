/**
 * Heartbeats this sender. Of senders that stopped beating, `claimed` deliveries (never handed to
 * SMTP) go back to `pending`, and `sending` ones (a crash mid-transaction) become `unknown`: the server may or may not have taken the message,
 * so it is shown to staff rather than sent again blindly.
 */
import type { Knex } from '@lp/runtime';

export const STALE_AFTER_MS = 10_000;

export async function beat(knex: Knex, workerId: string): Promise<void> {
  await knex
    .withSchema('mailer')
    .table('send_workers')
    .insert({ id: workerId, heartbeat_at: knex.fn.now() })
    .onConflict('id')
    .merge();
}

export async function sweepDeadClaims(knex: Knex): Promise<number[]> {
  const stale = knex.raw(`now() - ? * interval '1 millisecond'`, [STALE_AFTER_MS]);
  // Claimed but never handed to SMTP: safe to send again.
  await knex.raw(
    `update mailer.deliveries d set status = 'pending', claimed_by = null
      where d.status = 'claimed'
        and not exists (select 1 from mailer.send_workers w where w.id = d.claimed_by and w.heartbeat_at > ?)`,
    [stale],
  );
  const { rows } = await knex.raw<{ rows: { campaign_id: number }[] }>(
    `update mailer.deliveries d
        set status = 'unknown', error = 'the sender stopped during the SMTP transaction; not resent'
      where d.status = 'sending'
        and not exists (select 1 from mailer.send_workers w where w.id = d.claimed_by and w.heartbeat_at > ?)
      returning d.campaign_id`,
    [stale],
  );
  await knex.withSchema('mailer').table('send_workers').where('heartbeat_at', '<', stale).delete();
  return rows.map((r) => r.campaign_id);
}

/** A sender stopping cleanly: its claimed rows back to pending, its row gone. */
export async function releaseClaims(knex: Knex, workerId: string): Promise<void> {
  await knex
    .withSchema('mailer')
    .table('deliveries')
    .where({ claimed_by: workerId, status: 'claimed' })
    .update({ status: 'pending', claimed_by: null });
  await knex.withSchema('mailer').table('send_workers').where({ id: workerId }).delete();
}

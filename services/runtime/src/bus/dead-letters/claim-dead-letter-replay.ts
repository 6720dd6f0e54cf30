/**
 * Marks a dead letter replayed, once: of two replays at the same moment only one gets the row.
 * Answers the row, or why not (no such id, or replayed before).
 */
import type { Knex } from 'knex';
import { deadLetterFromRow, type DeadLetterRow } from './dead-letter-row.ts';
import type { DeadLetter } from '@lp/contracts';

export type ReplayClaim = { claimed: DeadLetter } | { missing: true } | { replayedAt: string };

export async function claimDeadLetterReplay(knex: Knex, id: string, replayMsgId: string): Promise<ReplayClaim> {
  const rows: (DeadLetterRow & { was_replayed_at: Date | string | null })[] = await knex.raw(
    `update bus.dead_letters d
        set replayed_at = case when d.replayed_at is null then now() else d.replayed_at end,
            replay_msg_id = case when d.replayed_at is null then ? else d.replay_msg_id end
       from (select id, replayed_at as was_replayed_at from bus.dead_letters where id = ? for update) before
      where d.id = before.id
  returning d.*, before.was_replayed_at`,
    [replayMsgId, id],
  ).then((r: { rows: (DeadLetterRow & { was_replayed_at: Date | string | null })[] }) => r.rows);
  const row = rows[0];
  if (!row) return { missing: true };
  if (row.was_replayed_at !== null) return { replayedAt: new Date(row.was_replayed_at).toISOString() };
  return { claimed: deadLetterFromRow(row) };
}

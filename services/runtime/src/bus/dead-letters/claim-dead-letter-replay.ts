/**
 * Marks a dead letter replayed, once: of two replays at the same moment only one gets the row.
 * Answers the row, or why not (no such id, or replayed before).
 */
import type { Knex } from 'knex';
import { deadLetterFromRow, type DeadLetterRow } from './dead-letter-row.ts';
import type { DeadLetter } from '@lp/contracts';

export type ReplayClaim = { claimed: DeadLetter } | { missing: true } | { replayedAt: string };

type ClaimRow = DeadLetterRow & { was_replayed_at: Date | null };

export async function claimDeadLetterReplay(knex: Knex, id: string, replayMsgId: string): Promise<ReplayClaim> {
  // The row lock makes a concurrent claim wait, then see this one's replayed_at.
  const result: { rows: ClaimRow[] } = await knex.raw(
    `with before as (select id, replayed_at from bus.dead_letters where id = ? for update)
     update bus.dead_letters d
        set replayed_at = coalesce(d.replayed_at, now()), replay_msg_id = coalesce(d.replay_msg_id, ?)
       from before
      where d.id = before.id
  returning d.*, before.replayed_at as was_replayed_at`,
    [id, replayMsgId],
  );
  const row = result.rows[0];
  if (!row) return { missing: true };
  if (row.was_replayed_at !== null) return { replayedAt: row.was_replayed_at.toISOString() };
  return { claimed: deadLetterFromRow(row) };
}

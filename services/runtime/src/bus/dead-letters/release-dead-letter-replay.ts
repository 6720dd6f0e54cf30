/** Undoes a replay claim whose publish failed, so the dead letter can be replayed again. */
import type { Knex } from 'knex';

export async function releaseDeadLetterReplay(knex: Knex, id: string, replayMsgId: string): Promise<void> {
  await knex
    .withSchema('bus')
    .table('dead_letters')
    .where({ id, replay_msg_id: replayMsgId })
    .update({ replayed_at: null, replay_msg_id: null });
}

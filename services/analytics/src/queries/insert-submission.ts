/**
 * Stores analytics' copy of one form submission (event id, session id, submitted at); a
 * redelivered or re-sent event (same event id or idempotency key) stores nothing.
 */
import type { SubmissionReceived } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

export async function insertSubmission(knex: Knex, event: SubmissionReceived): Promise<{ inserted: boolean }> {
  const rows = await knex
    .withSchema('analytics')
    .table('submissions')
    .insert({
      event_id: event.id,
      idempotency_key: event.idempotencyKey,
      session_id: event.submission.sessionId,
      submitted_at: event.occurredAt,
    })
    .onConflict()
    .ignore()
    .returning('event_id');
  return { inserted: rows.length > 0 };
}

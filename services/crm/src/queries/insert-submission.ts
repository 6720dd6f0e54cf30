/** Stores one lead; a redelivered or re-sent event (same event id or idempotency key) is a no-op. */
import type { Knex } from '@lp/runtime';
import type { SubmissionReceived } from '@lp/contracts';

export async function insertSubmission(knex: Knex, event: SubmissionReceived): Promise<{ inserted: boolean }> {
  const { lead } = event;
  const rows = await knex
    .withSchema('crm')
    .table('form_submissions')
    .insert({
      event_id: event.id,
      idempotency_key: event.idempotencyKey,
      first_name: lead.firstName,
      last_name: lead.lastName,
      email: lead.email,
      phone: lead.phone,
      interest: lead.interest,
      message: lead.message,
      source: lead.source,
      topic: lead.topic,
      page: lead.page,
      session_id: lead.sessionId,
      created_at: event.occurredAt,
    })
    .onConflict()
    .ignore()
    .returning('id');
  return { inserted: rows.length > 0 };
}

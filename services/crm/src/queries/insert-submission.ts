/** Stores one form submission; a redelivered or re-sent event (same event id or idempotency key) is a no-op. */
import type { Knex } from '@lp/runtime';
import type { SubmissionReceived } from '@lp/contracts';

export async function insertSubmission(knex: Knex, event: SubmissionReceived): Promise<{ inserted: boolean }> {
  const { submission } = event;
  const rows = await knex
    .withSchema('crm')
    .table('form_submissions')
    .insert({
      event_id: event.id,
      idempotency_key: event.idempotencyKey,
      first_name: submission.firstName,
      last_name: submission.lastName,
      email: submission.email,
      phone: submission.phone,
      interest: submission.interest,
      message: submission.message,
      source: submission.source,
      topic: submission.topic,
      page: submission.page,
      session_id: submission.sessionId,
      lot_number: submission.lotNumber ?? null,
      country: submission.country,
      region: submission.region,
      city: submission.city,
      created_at: event.occurredAt,
    })
    .onConflict()
    .ignore()
    .returning('id');
  return { inserted: rows.length > 0 };
}

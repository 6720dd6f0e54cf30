/**
 * Consumes `crm.submission.received` — the event crm stores the submission from — with analytics'
 * own durable (`analytics-submissions`) and keeps what lead attribution needs: the event id, the
 * visitor's session id (or null) and when it was submitted (idempotent on event id and
 * idempotency key). A transient failure is retried like any consumer's.
 *
 * A message that can never succeed (not JSON, failing the submission schema crm checks too, a
 * value the database refuses) is skipped and counted (`bus_messages_skipped_total`), not parked:
 * crm owns form submissions and parks the same message, so its dead letter is the one staff see
 * and replay, and a replay re-publishes the event to the subject, so this durable takes it then
 * if it can. analytics never keeps a lead crm refused.
 */
import { DURABLES, SubmissionReceivedSchema } from '@lp/contracts';
import { defineConsumer, rethrowDbError } from '@lp/runtime';
import { insertSubmission } from '../queries/insert-submission.ts';

export const consumeSubmissions = defineConsumer({
  durable: DURABLES.analyticsSubmissions,
  schema: SubmissionReceivedSchema,
  unusable: 'skip',
  handle: async (event, { knex, log }) => {
    const { inserted } = await insertSubmission(knex, event).catch(rethrowDbError);
    if (inserted) log.debug({ tracked: event.submission.sessionId !== null }, 'submission kept for attribution');
    else log.info('duplicate submission ignored');
  },
});

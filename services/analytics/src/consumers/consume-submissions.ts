/**
 * Consumes `crm.submission.received` — the event crm stores the submission from — with analytics'
 * own durable (`analytics-submissions`) and keeps what lead attribution needs: the event id, the
 * visitor's session id (or null) and when it was submitted (idempotent on event id and
 * idempotency key). A row the database can never take (class 22/23) is parked as a dead letter;
 * anything else is retried.
 */
import { DURABLES, SubmissionReceivedSchema } from '@lp/contracts';
import { defineConsumer, rethrowDbError } from '@lp/runtime';
import { insertSubmission } from '../queries/insert-submission.ts';

export const consumeSubmissions = defineConsumer({
  durable: DURABLES.analyticsSubmissions,
  schema: SubmissionReceivedSchema,
  handle: async (event, { knex, log }) => {
    const { inserted } = await insertSubmission(knex, event).catch(rethrowDbError);
    if (inserted) log.debug({ tracked: event.submission.sessionId !== null }, 'submission kept for attribution');
    else log.info('duplicate submission ignored');
  },
});

/**
 * Consumes `crm.submission.received` and stores the submission (idempotent on event id). A row the
 * database can never take (class 22/23) is parked as a dead letter; anything else is retried.
 */
import { DURABLES, SubmissionReceivedSchema } from '@lp/contracts';
import { defineConsumer, rethrowDbError } from '@lp/runtime';
import { insertSubmission } from '../queries/insert-submission.ts';

export const consumeSubmissions = defineConsumer({
  durable: DURABLES.crmSubmissions,
  schema: SubmissionReceivedSchema,
  handle: async (event, { knex, counters, log }) => {
    const { inserted } = await insertSubmission(knex, event).catch(rethrowDbError);
    if (inserted) {
      counters.inc('crm_submissions_stored_total', { source: event.submission.source });
      log.info({ source: event.submission.source }, 'submission stored');
    } else log.info('duplicate submission ignored');
  },
});

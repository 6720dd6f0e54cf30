/** Consumes `crm.submission.received` and stores the lead (idempotent on event id). */
import { DURABLES, SubmissionReceivedSchema } from '@lp/contracts';
import { defineConsumer } from '@lp/runtime';
import { insertSubmission } from '../queries/insert-submission.ts';

export const consumeSubmissions = defineConsumer({
  durable: DURABLES.crmSubmissions,
  schema: SubmissionReceivedSchema,
  handle: async (event, { knex, counters, log }) => {
    const { inserted } = await insertSubmission(knex, event);
    if (inserted) {
      counters.inc('crm_submissions_stored_total', { source: event.lead.source });
      log.info({ source: event.lead.source }, 'lead stored');
    } else log.info('duplicate lead ignored');
  },
});

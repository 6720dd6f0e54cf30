/**
 * Consumes `crm.submission.received` and stores the lead (idempotent on event id). A row the
 * database can never take (class 22/23) is parked as a dead letter; anything else is retried.
 */
import { DURABLES, SubmissionReceivedSchema } from '@lp/contracts';
import { parkDeadLetter, rethrowDbError, startConsumer, type ServiceDeps } from '@lp/runtime';
import { insertSubmission } from '../queries/insert-submission.ts';

export function consumeSubmissions({ bus, knex, log, counters }: ServiceDeps) {
  return startConsumer(bus, {
    durable: DURABLES.crmSubmissions,
    schema: SubmissionReceivedSchema,
    log,
    counters,
    park: (m) => parkDeadLetter(knex, m),
    handle: async (event, _msg, elog) => {
      const { inserted } = await insertSubmission(knex, event).catch(rethrowDbError);
      if (inserted) {
        counters.inc('crm_submissions_stored_total', { source: event.lead.source });
        elog.info({ source: event.lead.source }, 'lead stored');
      } else elog.info('duplicate lead ignored');
    },
  });
}

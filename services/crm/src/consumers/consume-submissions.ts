/** Consumes `crm.submission.received` and stores the submission (idempotent on event id). */
import { DURABLES, SubmissionReceivedSchema } from '@lp/contracts';
import { startConsumer, type ServiceDeps } from '@lp/runtime';
import { insertSubmission } from '../queries/insert-submission.ts';

export function consumeSubmissions({ bus, knex, log, counters }: ServiceDeps) {
  return startConsumer(bus, {
    durable: DURABLES.crmSubmissions,
    schema: SubmissionReceivedSchema,
    log,
    counters,
    handle: async (event, _msg, elog) => {
      const { inserted } = await insertSubmission(knex, event);
      if (inserted) {
        counters.inc('crm_submissions_stored_total', { source: event.submission.source });
        elog.info({ source: event.submission.source }, 'submission stored');
      } else elog.info('duplicate submission ignored');
    },
  });
}

/** Consumes `mail.send.requested`: stores the campaign (once per request id) for the send worker. */
import { DURABLES, SendRequestedSchema } from '@lp/contracts';
import { defineConsumer, rethrowDbError } from '@lp/runtime';
import { wakeSenders } from '../sending/wake-senders.ts';
import { storeSendRequest } from './store-send-request.ts';

export const consumeSendRequests = defineConsumer({
  durable: DURABLES.mailerSends,
  schema: SendRequestedSchema,
  handle: async (event, { knex, counters, log }) => {
    const { inserted } = await storeSendRequest(knex, event).catch(rethrowDbError);
    if (inserted) {
      counters.inc('mailer_campaigns_stored_total', {});
      wakeSenders();
      log.info({ requestId: event.id }, 'campaign stored');
    } else log.info({ requestId: event.id }, 'duplicate send request ignored');
  },
});

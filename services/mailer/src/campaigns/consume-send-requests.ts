/**
 * Consumes `mail.send.requested`: stores the campaign (once per request id) for the send worker,
 * then counts its audience so the campaigns table shows how many it goes to before it starts.
 */
import { DURABLES, SendRequestedSchema } from '@lp/contracts';
import { defineConsumer, rethrowDbError } from '@lp/runtime';
import { wakeSenders } from '../sending/wake-senders.ts';
import { estimateAudience } from './estimate-audience.ts';
import { storeSendRequest } from './store-send-request.ts';

export const consumeSendRequests = defineConsumer({
  durable: DURABLES.mailerSends,
  schema: SendRequestedSchema,
  handle: async (event, deps) => {
    const { knex, counters, log } = deps;
    const stored = await storeSendRequest(knex, event).catch(rethrowDbError);
    if (stored.inserted) {
      counters.inc('mailer_campaigns_stored_total', {});
      wakeSenders();
      log.info({ requestId: event.id }, 'campaign stored');
      await estimateAudience(deps, stored.id);
    } else log.info({ requestId: event.id }, 'duplicate send request ignored');
  },
});

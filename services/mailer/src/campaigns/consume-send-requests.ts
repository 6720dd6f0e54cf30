/** Consumes `mail.send.requested`: the campaign stored (once per request id) and its audience counted. */
import { DURABLES, SendRequestedSchema } from '@lp/contracts';
import { defineConsumer } from '@lp/runtime';
import { createCampaign } from './create-campaign.ts';

export const consumeSendRequests = defineConsumer({
  durable: DURABLES.mailerSends,
  schema: SendRequestedSchema,
  handle: async (event, deps) => {
    const { counted } = await createCampaign(deps, event);
    await counted;
  },
});

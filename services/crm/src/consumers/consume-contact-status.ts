/**
 * Consumes `mail.contact-status.changed` from the mailer (an unsubscribe, a hard bounce, a spam
 * complaint) and sets the contact's status, so later sends skip it. Idempotent.
 */
import { ContactStatusChangedSchema, DURABLES } from '@lp/contracts';
import { defineConsumer, rethrowDbError } from '@lp/runtime';
import { setContactStatus } from '../queries/set-contact-status.ts';

export const consumeContactStatus = defineConsumer({
  durable: DURABLES.crmContactStatus,
  schema: ContactStatusChangedSchema,
  handle: async (event, { knex, log }) => {
    const n = await setContactStatus(knex, event).catch(rethrowDbError);
    log.info({ contactId: event.contactId, status: event.status, updated: n }, 'contact status changed by the mailer');
  },
});

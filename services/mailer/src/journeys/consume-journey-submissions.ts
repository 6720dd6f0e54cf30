/**
 * Consumes `crm.submission.received` with its own durable (`mailer-journey-submissions`): the
 * submitter enters every active journey triggered by a form of its interest (or any), once per
 * submission (the entry key is the event id, so redeliveries and retried posts enter once). A
 * journey works on CRM contacts: an address crm has no contact for enters nothing (counted).
 * Submissions from before a journey existed are passed over (the new durable replays the stream).
 */
import { DURABLES, RPC, SubmissionReceivedSchema, leadInterestOf } from '@lp/contracts';
import { callRpc, defineConsumer } from '@lp/runtime';
import { wakeJourneys } from './journey-wake.ts';
import { enterJourney, journeysForSubmission } from './journeys-store.ts';

export const consumeJourneySubmissions = defineConsumer({
  durable: DURABLES.mailerJourneySubmissions,
  schema: SubmissionReceivedSchema,
  // crm owns form submissions and parks what can never succeed; replaying its dead letter
  // re-publishes the event, and this durable takes it then (as the lead replies' does).
  unusable: 'skip',
  handle: async (event, { knex, bus, log, counters, config }) => {
    const interest = leadInterestOf(event.submission);
    const journeys = (await journeysForSubmission(knex, interest)).filter(
      (j) => new Date(j.createdAt) <= new Date(event.occurredAt),
    );
    if (journeys.length === 0) return;
    const opts = { log, timeoutMs: 5_000 };
    const { matches } = await callRpc(bus, RPC.crm.contactsMatchEmails, { emails: [event.submission.email] }, opts);
    const match = matches[0];
    if (!match) {
      counters.inc('mailer_journey_entries_total', { trigger: 'form_submission', outcome: 'no_contact' });
      log.info({ interest }, 'journey trigger: the address is no CRM contact; nothing entered');
      return;
    }
    const contact = await callRpc(bus, RPC.crm.contactGet, { id: match.contactId }, opts);
    for (const journey of journeys) {
      const n = await enterJourney(
        knex,
        journey,
        [
          {
            key: `submission:${event.id}`,
            contactId: contact.id,
            email: contact.email,
            firstName: contact.firstName ?? '',
            lastName: contact.lastName ?? '',
            lotNumber: event.submission.lotNumber ?? null,
          },
        ],
        config.SITE_TIME_ZONE,
      );
      counters.inc('mailer_journey_entries_total', {
        trigger: 'form_submission',
        outcome: n ? 'entered' : 'duplicate',
      });
    }
    wakeJourneys();
  },
});

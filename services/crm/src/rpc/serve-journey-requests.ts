/**
 * What the mailer's journey engine asks crm: which contacts may be mailed and carry a tag (its
 * exits), tag changes (its tag steps, a contact at the most tags skipped and logged), and what a
 * staff alert says of a contact.
 */
import { RPC } from '@lp/contracts';
import { answerRpc } from '@lp/runtime';
import { changeContactTags } from '../queries/change-contact-tags.ts';
import { getContactLeadFacts } from '../queries/get-contact-lead-facts.ts';
import { readJourneyContacts } from '../queries/read-journey-contacts.ts';

export const serveJourneyRequests = [
  answerRpc(RPC.crm.journeyContacts, (input, { knex }) => readJourneyContacts(knex, input)),
  answerRpc(RPC.crm.contactTagsChange, async (input, { knex, log }) => {
    const result = await changeContactTags(knex, input);
    if (result.full.length)
      log.warn(
        { tag: input.tag, contactIds: result.full.slice(0, 50), skipped: result.full.length },
        'tag not added: the contacts already carry the most tags a contact may have',
      );
    return result;
  }),
  answerRpc(RPC.crm.contactLeadFacts, (input, { knex }) => getContactLeadFacts(knex, input.contactId)),
];

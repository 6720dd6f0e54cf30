/** crm's two answers for the inbox (contracts' `RPC.crm.contacts*`): which senders are contacts, and a sender made one. */
import { RPC } from '@lp/contracts';
import { answerRpc } from '@lp/runtime';
import { createContactFromSender } from '../queries/create-contact-from-sender.ts';
import { matchContactsByEmail } from '../queries/match-contacts-by-email.ts';

export const serveInboxContactRequests = [
  answerRpc(RPC.crm.contactsMatchEmails, async ({ emails }, { knex }) => ({
    matches: await matchContactsByEmail(knex, emails),
  })),
  answerRpc(RPC.crm.contactCreateFromSender, (sender, { knex }) => createContactFromSender(knex, sender)),
];

/** What crm asks the mailer for its segments (who opened or clicked) and its leads (when staff first wrote). */
import { RPC } from '@lp/contracts';
import { answerRpc } from '@lp/runtime';
import { listEngagedContacts } from '../segments/list-engaged-contacts.ts';
import { findFirstReplies } from '../lead-response/find-first-replies.ts';

export const serveEngagementRequests = [
  answerRpc(RPC.mailer.engagedContacts, (input, { knex }) => listEngagedContacts(knex, input)),
  answerRpc(RPC.mailer.firstReplies, async (input, { knex }) => ({ replies: await findFirstReplies(knex, input) })),
];

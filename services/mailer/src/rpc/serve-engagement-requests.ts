/** What crm asks the mailer for its segments: who opened or clicked. */
import { RPC } from '@lp/contracts';
import { answerRpc } from '@lp/runtime';
import { listEngagedEmails } from '../segments/list-engaged-emails.ts';

export const serveEngagementRequests = [
  answerRpc(RPC.mailer.engagedEmails, (input, { knex }) => listEngagedEmails(knex, input)),
];

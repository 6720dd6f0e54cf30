/** What the mailer asks crm: who a send goes to (mailable contacts only). */
import { RPC } from '@lp/contracts';
import { answerRpc } from '@lp/runtime';
import { resolveAudience } from '../queries/resolve-audience.ts';

export const serveAudienceRequests = [
  answerRpc(RPC.crm.audienceResolve, (input, { knex }) => resolveAudience(knex, input)),
];

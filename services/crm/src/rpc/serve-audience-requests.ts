/** What the mailer asks crm: who a send goes to (mailable contacts only), and how many they are. */
import { RPC } from '@lp/contracts';
import { answerRpc } from '@lp/runtime';
import { countAudience } from '../queries/count-audience.ts';
import { resolveAudience } from '../queries/resolve-audience.ts';

export const serveAudienceRequests = [
  answerRpc(RPC.crm.audienceResolve, (input, { knex }) => resolveAudience(knex, input)),
  answerRpc(RPC.crm.audienceCount, ({ audience }, { knex }) => countAudience(knex, audience)),
];

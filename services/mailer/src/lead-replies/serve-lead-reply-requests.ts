/**
 * The lead replies' requests (declared in contracts' `RPC.mailer.leadReplies*`): the settings, and
 * storing new ones (the gateway checked who may and which accounts the recipients are).
 */
import { RPC, type LeadReplySettings } from '@lp/contracts';
import { answerRpc, type Knex } from '@lp/runtime';
import { readLeadReplySettings, saveLeadReplySettings } from './lead-replies-store.ts';

async function settingsOf(knex: Knex): Promise<LeadReplySettings> {
  const { activeFrom: _from, nextAlert: _next, ...shown } = await readLeadReplySettings(knex);
  return shown;
}

export const serveLeadReplyRequests = [
  answerRpc(RPC.mailer.leadRepliesGet, (_input, { knex }) => settingsOf(knex)),
  answerRpc(RPC.mailer.leadRepliesSave, async (input, { knex }) => {
    await saveLeadReplySettings(knex, input);
    return settingsOf(knex);
  }),
];

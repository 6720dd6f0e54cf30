/** The crm's request handlers: what the gateway may ask it (declared in contracts' `RPC.crm`). */
import { RPC } from '@lp/contracts';
import { answerRpc } from '@lp/runtime';
import { countCrmStats } from '../queries/count-crm-stats.ts';
import { countLotLeads } from '../queries/count-lot-leads.ts';
import { listSubmissions } from '../queries/list-submissions.ts';

export const serveCrmRequests = [
  answerRpc(RPC.crm.submissionsList, (input, { knex }) => listSubmissions(knex, input)),
  answerRpc(RPC.crm.stats, (_input, { knex }) => countCrmStats(knex)),
  answerRpc(RPC.crm.lotLeads, (input, { knex }) => countLotLeads(knex, input)),
];

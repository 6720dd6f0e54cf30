/** What the gateway (and the mailer's lot-viewed journeys) may ask analytics about lots (declared in contracts' `RPC.analytics`). */
import { RPC } from '@lp/contracts';
import { answerRpc } from '@lp/runtime';
import { countLotViews } from '../queries/count-lot-views.ts';
import { listLotViewCrossings } from '../queries/list-lot-view-crossings.ts';

export const serveLotRequests = [
  answerRpc(RPC.analytics.lotViews, (input, { knex }) => countLotViews(knex, input)),
  answerRpc(RPC.analytics.lotViewCrossings, (input, { knex }) => listLotViewCrossings(knex, input)),
];

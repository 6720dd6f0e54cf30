/** What the gateway may ask analytics about lots (declared in contracts' `RPC.analytics`). */
import { RPC } from '@lp/contracts';
import { answerRpc } from '@lp/runtime';
import { countLotViews } from '../queries/count-lot-views.ts';

export const serveLotRequests = [answerRpc(RPC.analytics.lotViews, (input, { knex }) => countLotViews(knex, input))];

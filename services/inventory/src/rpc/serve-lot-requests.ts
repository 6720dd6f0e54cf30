/** inventory's request handlers (declared in contracts' `RPC.inventory`). */
import { RPC, toPublicLot } from '@lp/contracts';
import { answerRpc, notFound } from '@lp/runtime';
import { changeLot } from '../lots/change-lot.ts';
import { findLot } from '../queries/find-lot.ts';
import { listLotChanges } from '../queries/list-lot-changes.ts';
import { listLots } from '../queries/list-lots.ts';

const newest = (dates: string[]) => new Date(Math.max(0, ...dates.map((d) => Date.parse(d)))).toISOString();

export const serveLotRequests = [
  answerRpc(RPC.inventory.lotsList, async (_input, { knex }) => {
    const lots = await listLots(knex);
    return { lots: lots.map(toPublicLot), lastModified: newest(lots.map((l) => l.updatedAt)) };
  }),
  answerRpc(RPC.inventory.staffLotsList, (_input, { knex }) => listLots(knex)),
  answerRpc(RPC.inventory.staffLotGet, async ({ number }, { knex }) => {
    const lot = await findLot(knex, number);
    if (!lot) throw notFound(`Lot ${number} not found`);
    return lot;
  }),
  answerRpc(RPC.inventory.lotUpdate, (input, ctx) => changeLot(ctx, input)),
  answerRpc(RPC.inventory.lotChangesList, ({ number }, { knex }) => listLotChanges(knex, number)),
];

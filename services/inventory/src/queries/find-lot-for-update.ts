/** One lot, locked for the rest of the transaction (two staff changing it wait for each other). */
import type { Knex } from '@lp/runtime';
import { inventoryTable, toLot } from './lot-row.ts';

export async function findLotForUpdate(trx: Knex.Transaction, number: number) {
  const row = await inventoryTable(trx, 'lots').where({ number }).forUpdate().first();
  return row ? toLot(row) : null;
}

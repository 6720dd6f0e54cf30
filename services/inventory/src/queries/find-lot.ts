/** One lot by number, as stored now; null when there is none. */
import type { Knex } from '@lp/runtime';
import { inventoryTable, toLot } from './lot-row.ts';

export async function findLot(knex: Knex, number: number) {
  const row = await inventoryTable(knex, 'lots').where({ number }).first();
  return row ? toLot(row) : null;
}

/** Every lot, by number. */
import type { Knex } from '@lp/runtime';
import { inventoryTable, toLot } from './lot-row.ts';

export async function listLots(knex: Knex) {
  const rows = await inventoryTable(knex, 'lots').select('*').orderBy('number');
  return rows.map(toLot);
}

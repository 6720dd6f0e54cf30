/** One lot by number, as stored now; null when there is none. */
import type { Knex } from '@lp/runtime';
import { toLot, type LotRow } from './lot-row.ts';

export async function findLot(knex: Knex, number: number) {
  const row: LotRow | undefined = await knex.withSchema('inventory').table('lots').where({ number }).first();
  return row ? toLot(row) : null;
}

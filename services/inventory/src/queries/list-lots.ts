/** Every lot, by number. */
import type { Knex } from '@lp/runtime';
import { toLot, type LotRow } from './lot-row.ts';

export async function listLots(knex: Knex) {
  const rows: LotRow[] = await knex.withSchema('inventory').table('lots').select('*').orderBy('number');
  return rows.map(toLot);
}

/** Form submissions that named each lot, received in [from, to). */
import type { Knex } from '@lp/runtime';
import { crmTable } from './rows.ts';

export async function countLotLeads(
  knex: Knex,
  range: { from: string; to: string },
): Promise<{ lots: { number: number; leads: number }[] }> {
  const rows = await crmTable(knex, 'form_submissions')
    .select('lot_number')
    .count<{ lot_number: number; leads: number }[]>({ leads: '*' })
    .whereNotNull('lot_number')
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to)
    .groupBy('lot_number');
  return { lots: rows.map((r) => ({ number: r.lot_number, leads: r.leads })) };
}

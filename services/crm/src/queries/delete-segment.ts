/** Deletes a segment; answers whether there was one. Campaigns already resolved keep their recipients. */
import type { Knex } from '@lp/runtime';
import { segmentsTable } from './segment-row.ts';

export async function deleteSegment(knex: Knex, id: number): Promise<{ deleted: boolean }> {
  // `returning`: the deleted row count is not reported alike by both backends' drivers.
  const gone = await segmentsTable(knex).where({ id }).delete().returning('id');
  return { deleted: gone.length > 0 };
}

/** Writes a lot's changed fields, who changed it and when, and increments its version. */
import type { Lot, LotPatch } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { inventoryTable, toLot } from './lot-row.ts';

export async function updateLot(
  trx: Knex.Transaction,
  number: number,
  patch: Omit<LotPatch, 'version'>,
  by: { changedBy: string; changedAt: Date },
): Promise<Lot> {
  const [row] = await inventoryTable(trx, 'lots')
    .where({ number })
    .update({
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.price !== undefined ? { price: patch.price } : {}),
      ...(patch.tags !== undefined ? { tags: patch.tags } : {}),
      ...(patch.sizeSqFt !== undefined ? { size_sq_ft: patch.sizeSqFt } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      updated_at: by.changedAt,
      updated_by: by.changedBy,
      version: trx.raw('version + 1'),
    })
    .returning('*');
  return toLot(row!);
}

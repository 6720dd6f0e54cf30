/** A lot's audit trail, newest first (the last 200 changes). */
import type { LotChange } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { inventoryTable } from './lot-row.ts';

export async function listLotChanges(knex: Knex, lotNumber: number): Promise<LotChange[]> {
  const rows = await inventoryTable(knex, 'lot_changes')
    .where({ lot_number: lotNumber })
    .orderBy([
      { column: 'changed_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    lotNumber: r.lot_number,
    changedBy: r.changed_by,
    changedAt: r.changed_at.toISOString(),
    changes: r.changes,
  }));
}

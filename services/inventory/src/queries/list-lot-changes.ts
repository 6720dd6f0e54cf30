/** A lot's audit trail, newest first (the last 200 changes). */
import type { LotChange } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

type Row = {
  id: string | number;
  lot_number: number;
  changed_by: string;
  changed_at: Date | string;
  changes: Record<string, { from: unknown; to: unknown }> | string;
};

export async function listLotChanges(knex: Knex, lotNumber: number): Promise<LotChange[]> {
  const rows: Row[] = await knex
    .withSchema('inventory')
    .table('lot_changes')
    .where({ lot_number: lotNumber })
    .orderBy([
      { column: 'changed_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(200);
  return rows.map((r) => ({
    id: Number(r.id),
    lotNumber: r.lot_number,
    changedBy: r.changed_by,
    changedAt: new Date(r.changed_at).toISOString(),
    changes: typeof r.changes === 'string' ? (JSON.parse(r.changes) as Row['changes'] & object) : r.changes,
  }));
}

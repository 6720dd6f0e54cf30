/** Appends one accepted change to the audit trail. */
import type { Knex } from '@lp/runtime';

export async function insertLotChange(
  trx: Knex.Transaction,
  change: {
    lotNumber: number;
    changedBy: string;
    changedAt: Date;
    changes: Record<string, { from: unknown; to: unknown }>;
    eventId: string;
  },
): Promise<void> {
  await trx
    .withSchema('inventory')
    .table('lot_changes')
    .insert({
      lot_number: change.lotNumber,
      changed_by: change.changedBy,
      changed_at: change.changedAt,
      changes: JSON.stringify(change.changes),
      event_id: change.eventId,
    });
}

/**
 * The inventory's rows (`inventory.lots`, and `inventory.lot_changes`, a lot's audit trail), the
 * typed accessor to them (runtime db/table.ts), and how a lot reads as a contracts `Lot`.
 */
import type { Lot, LotStatus, LotTag } from '@lp/contracts';
import { schemaTables } from '@lp/runtime';

export type LotRow = {
  number: number;
  block: string;
  status: LotStatus;
  tags: LotTag[];
  size_sq_ft: number;
  price: number;
  description: string;
  outline_path: string;
  label_x: number;
  label_y: number;
  updated_at: Date;
  updated_by: string | null;
  version: number;
};

export type LotChangeRow = {
  id: number;
  lot_number: number;
  changed_by: string;
  changed_at: Date;
  changes: Record<string, { from: unknown; to: unknown }>;
  event_id: string;
};

export type InventoryTables = { lots: LotRow; lot_changes: LotChangeRow };

export const inventoryTable = schemaTables<InventoryTables>('inventory');

export function toLot(r: LotRow): Lot {
  return {
    number: r.number,
    block: r.block,
    status: r.status,
    tags: r.tags,
    sizeSqFt: r.size_sq_ft,
    price: r.price,
    description: r.description,
    outline: { path: r.outline_path, label: { x: r.label_x, y: r.label_y } },
    updatedAt: r.updated_at.toISOString(),
    updatedBy: r.updated_by,
    version: r.version,
  };
}

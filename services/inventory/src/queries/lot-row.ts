/** A row of `inventory.lots` and how it reads as a contracts `Lot`. */
import type { Lot, LotStatus, LotTag } from '@lp/contracts';

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
  updated_at: Date | string;
  updated_by: string | null;
  version: number;
};

export function toLot(r: LotRow): Lot {
  return {
    number: r.number,
    block: r.block,
    status: r.status,
    tags: r.tags,
    sizeSqFt: r.size_sq_ft,
    price: r.price,
    description: r.description,
    outline: { path: r.outline_path, label: { x: Number(r.label_x), y: Number(r.label_y) } },
    updatedAt: new Date(r.updated_at).toISOString(),
    updatedBy: r.updated_by,
    version: r.version,
  };
}

/** A `crm.segments` row, its shape for staff, and the 409 of a name another segment has. */
import { AppError, type Knex } from '@lp/runtime';
import { SegmentFilterSchema, type Segment, type SegmentFilter } from '@lp/contracts';
import * as v from 'valibot';

export type SegmentRow = {
  id: number;
  name: string;
  filter: SegmentFilter;
  created_at: Date;
  updated_at: Date;
  version: number;
};

export const SEGMENT_COLUMNS = ['id', 'name', 'filter', 'created_at', 'updated_at', 'version'] as const;

export const segmentsTable = (knex: Knex) => knex.withSchema('crm').table<SegmentRow>('segments');

export const toSegment = (r: SegmentRow): Segment => ({
  id: r.id,
  name: r.name,
  // Stored only after SegmentFilterSchema passed; parsed again so an old row gains new defaults.
  filter: v.parse(SegmentFilterSchema, r.filter),
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
  version: r.version,
});

/** Whether a database error is the unique index on `lower(name)` refusing a second segment of a name. */
export const isDuplicateSegmentName = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';

/** 409 for a name another segment has in any letter case, on the form's name field. */
export async function duplicateSegmentName(knex: Knex, name: string): Promise<AppError> {
  const other = await segmentsTable(knex).select('name').whereRaw('lower(name) = lower(?)', [name]).first();
  const message = `A segment named ${other?.name ?? name} already exists`;
  return new AppError(409, 'conflict', message, { fields: { name: [message] } });
}

/** The segment `id` as stored, or undefined. */
export async function findSegment(knex: Knex, id: number): Promise<Segment | undefined> {
  const row = await segmentsTable(knex)
    .select(...SEGMENT_COLUMNS)
    .where({ id })
    .first();
  return row ? toSegment(row as SegmentRow) : undefined;
}

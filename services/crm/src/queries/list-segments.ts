/** The segments, by name (any letter case). */
import type { Knex } from '@lp/runtime';
import type { Segment } from '@lp/contracts';
import { SEGMENT_COLUMNS, segmentsTable, toSegment, type SegmentRow } from './segment-row.ts';

export async function listSegments(knex: Knex): Promise<Segment[]> {
  const rows = (await segmentsTable(knex)
    .select(...SEGMENT_COLUMNS)
    .orderByRaw('lower(name), id')) as SegmentRow[];
  return rows.map(toSegment);
}

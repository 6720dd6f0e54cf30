/**
 * Changes a segment's name and filter, only when it is still at the version the edit opened
 * (else 409 and nothing changes; 404 when it is gone). The filter is checked as on create.
 */
import { conflict, notFound, type Knex } from '@lp/runtime';
import { STALE_EDIT_MESSAGES, type Segment, type SegmentUpdate } from '@lp/contracts';
import { checkSegmentFilter } from './segment-filter.ts';
import {
  duplicateSegmentName,
  isDuplicateSegmentName,
  SEGMENT_COLUMNS,
  segmentsTable,
  toSegment,
} from './segment-row.ts';

export async function updateSegment(knex: Knex, id: number, segment: SegmentUpdate): Promise<Segment> {
  await checkSegmentFilter(knex, segment.filter);
  try {
    // The version moves on in the database (trigger `segments_bump_version`) when name or filter change.
    const [row] = await segmentsTable(knex)
      .where({ id, version: segment.version })
      .update({
        name: segment.name,
        filter: JSON.stringify(segment.filter) as never,
        updated_at: knex.fn.now() as never,
      })
      .returning(SEGMENT_COLUMNS);
    if (row) return toSegment(row);
  } catch (err) {
    if (isDuplicateSegmentName(err)) throw await duplicateSegmentName(knex, segment.name);
    throw err;
  }
  const exists = await segmentsTable(knex).select('id').where({ id }).first();
  if (!exists) throw notFound('Segment not found');
  throw conflict(STALE_EDIT_MESSAGES.segment);
}

/**
 * Saves a segment: its filter checked against the custom fields and lists first (400 naming the
 * condition); 409 when another segment has the name in any letter case.
 */
import type { Knex } from '@lp/runtime';
import type { Segment, SegmentForm } from '@lp/contracts';
import { checkSegmentFilter } from './segment-filter.ts';
import {
  duplicateSegmentName,
  isDuplicateSegmentName,
  SEGMENT_COLUMNS,
  segmentsTable,
  toSegment,
} from './segment-row.ts';

export async function createSegment(knex: Knex, form: SegmentForm): Promise<Segment> {
  await checkSegmentFilter(knex, form.filter);
  try {
    const [row] = await segmentsTable(knex)
      .insert({ name: form.name, filter: JSON.stringify(form.filter) as never })
      .returning(SEGMENT_COLUMNS);
    return toSegment(row!);
  } catch (err) {
    if (isDuplicateSegmentName(err)) throw await duplicateSegmentName(knex, form.name);
    throw err;
  }
}

/**
 * How many contacts a saved segment (or a filter being edited, checked first) matches now, of any
 * status: the live count of the segment editor and the segments table.
 */
import { notFound, type Knex } from '@lp/runtime';
import type { SegmentFilter } from '@lp/contracts';
import { resolvedSegmentWhere, type SegmentContext } from './segment-engagement.ts';
import { checkSegmentFilter } from './segment-filter.ts';
import { findSegment } from './segment-row.ts';
import { crmTable } from './rows.ts';

export async function countSegment(
  knex: Knex,
  input: { id: number } | { filter: SegmentFilter },
  context: SegmentContext,
): Promise<{ count: number }> {
  let filter: SegmentFilter;
  if ('id' in input) {
    const segment = await findSegment(knex, input.id);
    if (!segment) throw notFound('Segment not found');
    filter = segment.filter;
  } else {
    await checkSegmentFilter(knex, input.filter);
    filter = input.filter;
  }
  const where = await resolvedSegmentWhere(knex, filter, context);
  const [row] = await crmTable(knex, 'contacts')
    .whereRaw(where.sql, where.bindings)
    .count<{ count: number }[]>({ count: '*' });
  return { count: Number(row?.count ?? 0) };
}

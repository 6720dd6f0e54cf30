/**
 * The WHERE fragment (over `crm.contacts as c`) of a segment used as an audience. A segment
 * deleted before its send starts matches nobody, as a deleted list has no members: the send
 * completes with no recipient instead of retrying for ever.
 */
import type { Knex } from '@lp/runtime';
import { resolvedSegmentWhere, type SegmentContext } from './segment-engagement.ts';
import type { SqlFragment } from './segment-filter.ts';
import { findSegment } from './segment-row.ts';

export async function segmentAudienceWhere(
  knex: Knex,
  segmentId: number,
  context: SegmentContext,
): Promise<SqlFragment> {
  const segment = await findSegment(knex, segmentId);
  if (!segment) return { sql: 'false', bindings: [] };
  return resolvedSegmentWhere(knex, segment.filter, context, { table: 'c' });
}

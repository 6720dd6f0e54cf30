/**
 * A contacts filter naming a saved segment (`segmentId`: the Contacts screen filtered by a
 * segment, its "select all matching", its export) with the segment turned into its WHERE as it
 * stands now (engagement asked of the mailer), for `filteredContacts` (list-contacts.ts).
 */
import { notFound, type Knex } from '@lp/runtime';
import type { ContactsFilter } from './list-contacts.ts';
import { resolvedSegmentWhere, type SegmentContext } from './segment-engagement.ts';
import { findSegment } from './segment-row.ts';

export async function withSegmentWhere<F extends ContactsFilter & { segmentId?: number }>(
  knex: Knex,
  filter: F,
  context: SegmentContext,
): Promise<Omit<F, 'segmentId'>> {
  const { segmentId, ...rest } = filter;
  if (segmentId === undefined) return rest;
  const segment = await findSegment(knex, segmentId);
  if (!segment) throw notFound('Segment not found');
  return { ...rest, where: await resolvedSegmentWhere(knex, segment.filter, context) };
}

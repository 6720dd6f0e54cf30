/** A page of a segment's contacts, newest first, paged as the contacts list (list-contacts.ts). */
import { notFound, type Knex } from '@lp/runtime';
import type { ContactsPage } from '@lp/contracts';
import { listContacts } from './list-contacts.ts';
import { resolvedSegmentWhere, type SegmentContext } from './segment-engagement.ts';
import { findSegment } from './segment-row.ts';

export async function listSegmentContacts(
  knex: Knex,
  input: { id: number; limit: number; cursor?: number; withTotal?: boolean },
  context: SegmentContext,
): Promise<ContactsPage> {
  const segment = await findSegment(knex, input.id);
  if (!segment) throw notFound('Segment not found');
  const { id: _id, ...page } = input;
  return listContacts(knex, { ...page, where: await resolvedSegmentWhere(knex, segment.filter, context) });
}

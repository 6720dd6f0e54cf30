/** One segment as stored now (an edit opens with it); 404 when there is none. */
import { notFound, type Knex } from '@lp/runtime';
import type { Segment } from '@lp/contracts';
import { findSegment } from './segment-row.ts';

export async function getSegment(knex: Knex, id: number): Promise<Segment> {
  const segment = await findSegment(knex, id);
  if (!segment) throw notFound('Segment not found');
  return segment;
}

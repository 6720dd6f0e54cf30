/**
 * GET /api/marketing/segments: every saved segment (a filter over contacts), by name. Shared by
 * the Segments screen and the e-mail editor's audience picker; `segmentCountKey` is a segment's
 * live count (GET …/{id}/count), read when shown. `refreshSegments` reads the list and every
 * count again after a change.
 */
import useSWR, { mutate } from 'swr';
import type { Segment } from '@lp/contracts';

export const SEGMENTS_KEY = '/api/marketing/segments';

export const segmentCountKey = (id: number) => `${SEGMENTS_KEY}/${id}/count`;

export const useSegments = () => useSWR<Segment[]>(SEGMENTS_KEY);

/** A segment's contacts as of now (null: not asked yet). */
export const useSegmentCount = (id: number | null) =>
  useSWR<{ count: number }>(id === null ? null : segmentCountKey(id), { revalidateOnMount: true });

export const refreshSegments = () =>
  mutate((key) => typeof key === 'string' && (key === SEGMENTS_KEY || key.startsWith(`${SEGMENTS_KEY}/`)));

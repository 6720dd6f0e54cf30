/**
 * The segments API (gateway `staff-api/segments.ts`): save (POST) and edit (PUT with the version
 * the edit opened: 409 when it changed since), delete, the live count of a filter not saved yet
 * (POST …/count), the CSV export's URL, and what the builder's pickers name: custom fields and
 * campaigns. The list of segments and a saved one's count are the shared `lib/use-segments`.
 */
import useSWR from 'swr';
import type { CustomField, Segment, SegmentFilterInput, SegmentFormInput } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';
import { SEGMENTS_KEY } from '../../../lib/use-segments';

export const segmentUrl = (id: number) => `${SEGMENTS_KEY}/${id}`;

export const createSegment = (form: SegmentFormInput) => apiRequest<Segment>('POST', SEGMENTS_KEY, form);

export const updateSegment = (id: number, form: SegmentFormInput & { version: number }) =>
  apiRequest<Segment>('PUT', segmentUrl(id), form);

export const deleteSegment = (id: number) => apiRequest<null>('DELETE', segmentUrl(id));

export const countFilter = (filter: SegmentFilterInput, signal?: AbortSignal) =>
  apiRequest<{ count: number }>('POST', `${SEGMENTS_KEY}/count`, { filter }, { signal });

export const segmentExportUrl = (id: number) => `${segmentUrl(id)}/contacts/export`;

/** Has the browser download the export (the session cookie goes with it; the server names the file). */
export function downloadExport(id: number) {
  const a = document.createElement('a');
  a.href = segmentExportUrl(id);
  a.download = '';
  document.body.append(a);
  a.click();
  a.remove();
}

export const useCustomFields = () => useSWR<CustomField[]>('/api/marketing/custom-fields');

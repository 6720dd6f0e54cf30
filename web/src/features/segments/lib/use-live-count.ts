/**
 * The live count of a filter being edited: asked of the server (POST /api/marketing/segments/count)
 * once the filter has stayed the same for 300 ms, and only while it is complete (`null`: not
 * asked). The last count stays shown while the next one is asked; `pending` says it may be out of
 * date. A 400 naming a condition (an unknown custom field or list) comes back as `error`.
 */
import useSWR from 'swr';
import type { SegmentFilterInput } from '@lp/contracts';
import { useDebounced } from '../../../lib/use-debounced';
import { countFilter } from '../api/segments';

export const COUNT_PAUSE_MS = 300;

export function useLiveCount(filter: SegmentFilterInput | null) {
  const key = filter === null ? null : JSON.stringify(filter);
  const settled = useDebounced(key, COUNT_PAUSE_MS);
  const count = useSWR(
    settled === null ? null : ['segment-count', settled],
    ([, f]: [string, string]) => countFilter(JSON.parse(f) as SegmentFilterInput),
    { keepPreviousData: true },
  );
  return {
    count: key === null ? undefined : count.data?.count,
    error: key === null || key !== settled ? undefined : count.error,
    pending: key !== settled || count.isValidating,
  };
}

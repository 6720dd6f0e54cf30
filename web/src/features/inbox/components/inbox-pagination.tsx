/** 'Showing x-y of n' (spec §2, 15 per page) with Previous and Next. */
import { formatCount } from '../../../lib/format-count';

type Props = {
  start: number;
  shown: number;
  total: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
};

const pager =
  'min-h-10 rounded-md bg-white px-3 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-50';

export function InboxPagination({ start, shown, total, hasPrevious, hasNext, onPrevious, onNext }: Props) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 px-3 py-3 sm:px-4">
      <p className="text-sm text-stone-700" aria-live="polite">
        Showing {formatCount(shown === 0 ? 0 : start + 1)}-{formatCount(start + shown)} of {formatCount(total)}
      </p>
      <div className="flex gap-2">
        <button type="button" className={pager} disabled={!hasPrevious} onClick={onPrevious}>
          Previous
        </button>
        <button type="button" className={pager} disabled={!hasNext} onClick={onNext}>
          Next
        </button>
      </div>
    </div>
  );
}

/**
 * The selection's bar above the contacts table: how many are selected, "Select all N matching"
 * (every contact of the search and status, not only the loaded pages), and the bulk actions.
 */
import { button } from '../../../components/ui/styles';
import { countOf, formatCount } from '../../../lib/format-count';
import type { BulkKind } from './bulk-action-dialog';

type Props = {
  count: number;
  total: number;
  allMatching: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
  onAction: (kind: BulkKind) => void;
  onExport: () => void;
};

export function BulkBar({ count, total, allMatching, onSelectAllMatching, onClear, onAction, onExport }: Props) {
  return (
    <div
      role="region"
      aria-label="Selected contacts"
      className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-lake-50 px-3 py-2 text-sm ring-1 ring-lake-200"
    >
      <p className="font-semibold text-lake-900" aria-live="polite">
        {allMatching ? `All ${countOf(total, 'matching contact')} selected` : `${formatCount(count)} selected`}
      </p>
      {!allMatching && total > count && (
        <button type="button" className="font-semibold text-lake-800 underline" onClick={onSelectAllMatching}>
          Select all {formatCount(total)} matching
        </button>
      )}
      <div className="flex flex-wrap gap-2 sm:ml-auto">
        <button type="button" className={button.secondary} onClick={() => onAction('remove_from_list')}>
          Remove from List
        </button>
        <button type="button" className={button.secondary} onClick={() => onAction('set_status')}>
          Change Status
        </button>
        <button type="button" className={button.secondary} onClick={onExport}>
          Export
        </button>
        <button type="button" className={button.secondary} onClick={() => onAction('delete')}>
          Delete
        </button>
        <button type="button" className="px-2 text-stone-700 underline" onClick={onClear}>
          Clear selection
        </button>
      </div>
    </div>
  );
}

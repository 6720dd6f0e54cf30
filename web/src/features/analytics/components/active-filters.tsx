/**
 * The drill-down filters in force, above the figures: one chip each ("Source is google.com")
 * with a button that removes it, and "Clear filters" when there are several. Nothing when the
 * screen shows the whole site.
 */
import { ANALYTICS_FILTER_KEYS, type AnalyticsFilterKey, type AnalyticsFilters } from '@lp/contracts';
import { FILTER_LABELS, filterValueText } from '../lib/filters';

type Props = {
  filters: AnalyticsFilters;
  onRemove: (key: AnalyticsFilterKey) => void;
  onClear: () => void;
};

export function ActiveFilters({ filters, onRemove, onClear }: Props) {
  const shown = ANALYTICS_FILTER_KEYS.filter((k) => filters[k] !== undefined);
  if (shown.length === 0) return null;
  return (
    <section aria-label="Filters" className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-stone-700">Showing visits where</span>
      <ul className="flex flex-wrap gap-2">
        {shown.map((key) => {
          const text = `${FILTER_LABELS[key]} is ${filterValueText(key, filters[key] ?? '', 'none')}`;
          return (
            <li
              key={key}
              className="flex min-h-10 items-center gap-1 rounded-full bg-lake-50 pl-3 text-sm text-lake-900 ring-1 ring-lake-200"
            >
              <span className="break-all">{text}</span>
              <button
                type="button"
                onClick={() => onRemove(key)}
                aria-label={`Remove filter: ${text}`}
                className="flex size-10 shrink-0 items-center justify-center rounded-full text-lg leading-none hover:bg-lake-100"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          );
        })}
      </ul>
      {shown.length > 1 && (
        <button
          type="button"
          onClick={onClear}
          className="min-h-10 rounded-md px-3 text-sm font-semibold text-lake-900 underline hover:bg-stone-100"
        >
          Clear filters
        </button>
      )}
    </section>
  );
}

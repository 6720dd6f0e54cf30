/**
 * The tag filter buttons (from the distinct tags of all articles). Pressing the selected tag
 * again turns it off; 'Clear filter' appears while a tag is active.
 */
type Props = { tags: readonly string[]; selected: string | null; onChange: (tag: string | null) => void };

const base = 'min-h-9 rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 transition-colors';

export function TagFilter({ tags, selected, onChange }: Props) {
  if (tags.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filter articles by tag">
      {tags.map((t) => {
        const on = t === selected;
        return (
          <button
            key={t}
            type="button"
            aria-pressed={on}
            onClick={() => onChange(on ? null : t)}
            className={`${base} ${on ? 'bg-lake-800 text-white ring-lake-800' : 'bg-white text-lake-900 ring-stone-300 hover:bg-lake-50'}`}
          >
            {t}
          </button>
        );
      })}
      {selected && (
        <button
          type="button"
          onClick={() => onChange(null)}
          className="min-h-9 px-2 text-sm font-semibold text-canyon-700 underline underline-offset-4 hover:text-canyon-600"
        >
          Clear filter
        </button>
      )}
    </div>
  );
}

/**
 * The contacts table's column picker: a "Columns" button that opens a group of checkboxes, one per
 * optional column (the tags, each custom field); Escape or the button closes it, focus going back
 * to the button.
 */
import { useId, useRef, useState } from 'react';
import { button } from '../../../components/ui/styles';
import type { OptionalColumn } from './contact-columns';

type Props = { columns: readonly OptionalColumn[]; shown: readonly string[]; onToggle: (id: string) => void };

export function ColumnPicker({ columns, shown, onToggle }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  return (
    <div
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          toggleRef.current?.focus();
        }
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className={button.secondary}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        Columns
      </button>
      {open && (
        <fieldset
          id={`${id}-panel`}
          className="absolute right-0 z-10 mt-1 grid w-64 gap-2 rounded-md border border-stone-200 bg-white p-3 shadow-lg"
        >
          <legend className="sr-only">Optional columns</legend>
          {columns.map((c) => (
            <label key={c.id} className="flex items-center gap-2 text-sm text-stone-900">
              <input type="checkbox" checked={shown.includes(c.id)} onChange={() => onToggle(c.id)} />
              {c.label}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}

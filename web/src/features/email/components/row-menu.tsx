/** A row's action menu: a button that opens a short list of actions (Escape or a choice closes it). */
import { useState } from 'react';

export type RowAction = { label: string; onSelect: () => void; danger?: boolean };

export function RowMenu({ label, actions }: { label: string; actions: RowAction[] }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="relative inline-block text-left" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={label}
        onClick={() => setOpen((o) => !o)}
        className="min-h-10 min-w-10 rounded-md px-2 text-lg font-bold text-stone-700 hover:bg-stone-100"
      >
        ⋯
      </button>
      {open && (
        <ul
          role="menu"
          className="absolute right-0 z-10 mt-1 w-44 rounded-md bg-white py-1 shadow-lg ring-1 ring-stone-200"
        >
          {actions.map((a) => (
            <li key={a.label} role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  a.onSelect();
                }}
                className={`block w-full px-4 py-2 text-left text-sm hover:bg-stone-100 ${a.danger ? 'text-red-700' : 'text-stone-800'}`}
              >
                {a.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A menu button (WAI-ARIA menu pattern): the button opens a list of actions; arrow keys move
 * between them, Escape and a click outside close it and give focus back to the button. The menu
 * is placed fixed under its button, so a table's scroll container never clips it; scrolling or
 * resizing closes it.
 */
import { useEffect, useId, useRef, useState } from 'react';

export type MenuItem = { label: string; onSelect: () => void; danger?: boolean };

export function DropdownMenu({ label, items }: { label: string; items: readonly MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top: number; right: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onDown = (e: PointerEvent) => {
      if (!menuRef.current?.contains(e.target as Node) && !buttonRef.current?.contains(e.target as Node))
        setOpen(false);
    };
    const onMove = () => setOpen(false);
    document.addEventListener('pointerdown', onDown);
    window.addEventListener('resize', onMove);
    window.addEventListener('scroll', onMove, true);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      window.removeEventListener('resize', onMove);
      window.removeEventListener('scroll', onMove, true);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') close();
    else if (e.key === 'ArrowDown') entries[(at + 1) % entries.length]?.focus();
    else if (e.key === 'ArrowUp') entries[(at - 1 + entries.length) % entries.length]?.focus();
    else return;
    e.preventDefault();
  };

  return (
    <div className="relative inline-block text-left">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => {
          const r = buttonRef.current?.getBoundingClientRect();
          if (r) setPlace({ top: r.bottom + 4, right: Math.max(8, window.innerWidth - r.right) });
          setOpen((o) => !o);
        }}
        className="grid size-10 place-items-center rounded-md text-xl leading-none text-stone-700 hover:bg-stone-100"
      >
        ⋯
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onKeyDown}
          style={place ? { top: place.top, right: place.right } : undefined}
          className="fixed z-50 min-w-44 rounded-md bg-white py-1 shadow-lg ring-1 ring-stone-200"
        >
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  setOpen(false);
                  item.onSelect();
                }}
                className={`block w-full px-4 py-2 text-left text-sm hover:bg-stone-100 focus:bg-stone-100 ${item.danger ? 'text-red-700' : 'text-stone-800'}`}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

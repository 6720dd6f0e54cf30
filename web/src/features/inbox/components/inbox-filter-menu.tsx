/**
 * The filter menu: the same three filters as the tabs, and the developer test helper
 * ('Send a test email', spec §2). A menu button; Escape or a click outside closes it.
 */
import { useEffect, useRef, useState } from 'react';
import type { InboxTab } from '../api/list-inbox';
import { TABS } from './inbox-tabs';

type Props = { tab: InboxTab; onTab: (t: InboxTab) => void; onTestEmail: () => void };

const item =
  'flex min-h-10 w-full items-center gap-2 px-3 text-left text-sm text-stone-800 hover:bg-stone-100 focus:bg-stone-100';

export function InboxFilterMenu({ tab, onTab, onTestEmail }: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
    const outside = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const close = (then?: () => void) => {
    setOpen(false);
    button.current?.focus();
    then?.();
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex min-h-10 items-center gap-2 rounded-md bg-white px-3 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M3 5h14M6 10h8M9 15h2" />
        </svg>
        Filter
      </button>
      {open && (
        <div
          role="menu"
          aria-label="Filter"
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              const items = [...(root.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
              const i = items.indexOf(document.activeElement as HTMLElement);
              items[(i + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
            }
          }}
          className="absolute right-0 z-20 mt-1 w-60 rounded-lg bg-white py-1 shadow-lg ring-1 ring-stone-200"
        >
          {TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              role="menuitemradio"
              aria-checked={tab === t.key}
              onClick={() => close(() => onTab(t.key))}
              className={item}
            >
              <span aria-hidden="true" className="w-4">
                {tab === t.key ? '✓' : ''}
              </span>
              {t.label}
            </button>
          ))}
          <div role="separator" className="my-1 border-t border-stone-200" />
          <p className="px-3 pt-1 text-xs font-semibold uppercase tracking-wide text-stone-500">Developer</p>
          <button type="button" role="menuitem" onClick={() => close(onTestEmail)} className={item}>
            <span aria-hidden="true" className="w-4" />
            Send a test email
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern): a tablist of buttons, arrow keys move between tabs,
 * only the selected tab is in the tab order, the panel is labelled by its tab.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

type Tab<K extends string> = { key: K; label: string };
type Props<K extends string> = {
  label: string;
  tabs: readonly Tab<K>[];
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
};

export function Tabs<K extends string>({ label, tabs, selected, onSelect, children }: Props<K>) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.key);
    refs.current[next]?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 border-b border-stone-200">
        {tabs.map((t, i) => {
          const active = t.key === selected;
          return (
            <button
              key={t.key}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${t.key}`}
              aria-selected={active}
              aria-controls={`${id}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(t.key)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={`-mb-px min-h-10 border-b-2 px-4 text-sm font-semibold ${active ? 'border-lake-700 text-lake-900' : 'border-transparent text-stone-600 hover:text-lake-900'}`}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${selected}`} className="pt-6">
        {children}
      </div>
    </div>
  );
}

/** The filter tabs All, Unread and Archived (spec §2), as an ARIA tab list with arrow-key movement. */
import type { KeyboardEvent } from 'react';
import type { InboxTab } from '../api/list-inbox';

export const TABS: { value: InboxTab; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'archived', label: 'Archived' },
];

export const tabId = (t: InboxTab) => `inbox-tab-${t}`;
export const PANEL_ID = 'inbox-panel';

export function InboxTabs({ tab, onChange }: { tab: InboxTab; onChange: (t: InboxTab) => void }) {
  const move = (e: KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TABS[(i + step + TABS.length) % TABS.length]!;
    onChange(next.value);
    document.getElementById(tabId(next.value))?.focus();
  };
  return (
    <div role="tablist" aria-label="Filter emails" className="inline-flex rounded-lg bg-stone-100 p-1">
      {TABS.map((t, i) => (
        <button
          key={t.value}
          id={tabId(t.value)}
          type="button"
          role="tab"
          aria-selected={tab === t.value}
          aria-controls={PANEL_ID}
          tabIndex={tab === t.value ? 0 : -1}
          onClick={() => onChange(t.value)}
          onKeyDown={(e) => move(e, i)}
          className={`min-h-10 rounded-md px-4 text-sm font-semibold ${tab === t.value ? 'bg-white text-lake-900 shadow-sm' : 'text-stone-700 hover:text-stone-900'}`}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

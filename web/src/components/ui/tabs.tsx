/**
 * Accessible tabs (WAI-ARIA tabs pattern): a tablist of buttons, arrow keys move between tabs,
 * only the selected tab is in the tab order, the panel is labelled by its tab. `Tabs` is the
 * list with its panel under it; `TabList` alone serves a screen whose panel is further down
 * (its `tabId` and `panelId` tie the two together).
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

type Tab<K extends string> = { key: K; label: string };

type ListProps<K extends string> = {
  label: string;
  tabs: readonly Tab<K>[];
  selected: K;
  onSelect: (key: K) => void;
  tabId: (key: K) => string;
  panelId: string;
  /** 'line' underlines the selected tab; 'pills' shows the tabs as a segmented control. */
  look?: 'line' | 'pills';
};

const LOOK = {
  line: {
    list: 'flex gap-1 border-b border-stone-200',
    tab: '-mb-px min-h-10 border-b-2 px-4 text-sm font-semibold',
    active: 'border-lake-700 text-lake-900',
    idle: 'border-transparent text-stone-600 hover:text-lake-900',
  },
  pills: {
    list: 'inline-flex rounded-lg bg-stone-100 p-1',
    tab: 'min-h-10 rounded-md px-4 text-sm font-semibold',
    active: 'bg-white text-lake-900 shadow-sm',
    idle: 'text-stone-700 hover:text-stone-900',
  },
} as const;

export function TabList<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  tabId,
  panelId,
  look = 'line',
}: ListProps<K>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const style = LOOK[look];
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
    <div role="tablist" aria-label={label} className={style.list}>
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
            id={tabId(t.key)}
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(t.key)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={`${style.tab} ${active ? style.active : style.idle}`}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}

type Props<K extends string> = Omit<ListProps<K>, 'tabId' | 'panelId'> & { children: ReactNode; className?: string };

export function Tabs<K extends string>({ children, className, ...list }: Props<K>) {
  const id = useId();
  const tabId = (key: K) => `${id}-tab-${key}`;
  return (
    <div className={className}>
      <TabList {...list} tabId={tabId} panelId={`${id}-panel`} />
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(list.selected)} className="pt-6">
        {children}
      </div>
    </div>
  );
}

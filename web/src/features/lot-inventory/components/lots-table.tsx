/**
 * The staff lots table: a checkbox per lot for bulk actions, sortable column headers
 * (aria-sort), an inline status select per lot, tags, size, price, interest in the chosen
 * range (page views, map clicks, leads), confirmed lot-alert watchers now, the last change and
 * an Edit button.
 */
import { LOT_STATUSES, type LotStatus } from '@lp/contracts';
import type { LotRow, Sort, SortKey } from '../lib/arrange-lots';
import { changedAt, money, squareFeet, statusLabel, tagLabel } from '../lib/lot-labels';

type Props = {
  rows: readonly LotRow[];
  sort: Sort;
  onSort: (key: SortKey) => void;
  selected: ReadonlySet<number>;
  onToggle: (number: number) => void;
  onToggleAll: (numbers: number[], on: boolean) => void;
  onStatus: (row: LotRow, status: LotStatus) => void;
  onEdit: (row: LotRow) => void;
  busy: ReadonlySet<number>;
};

const COLUMNS: { key: SortKey | null; label: string; numeric?: boolean }[] = [
  { key: 'number', label: 'Lot' },
  { key: 'status', label: 'Status' },
  { key: null, label: 'Tags' },
  { key: 'sizeSqFt', label: 'Size', numeric: true },
  { key: 'price', label: 'Price', numeric: true },
  { key: 'pageViews', label: 'Page views', numeric: true },
  { key: 'mapClicks', label: 'Map clicks', numeric: true },
  { key: 'leads', label: 'Leads', numeric: true },
  { key: 'watchers', label: 'Watchers', numeric: true },
  { key: 'updatedAt', label: 'Last change' },
];

const STATUS_TONE: Record<LotStatus, string> = {
  available: 'bg-green-50 text-green-900',
  reserved: 'bg-amber-50 text-amber-900',
  sold: 'bg-stone-100 text-stone-800',
};

export function LotsTable({ rows, sort, onSort, selected, onToggle, onToggleAll, onStatus, onEdit, busy }: Props) {
  const allOn = rows.length > 0 && rows.every((r) => selected.has(r.number));
  return (
    <div className="relative overflow-x-auto rounded-xl bg-white ring-1 ring-stone-200">
      <table className="w-full min-w-[70rem] border-collapse text-left text-sm">
        <caption className="sr-only">Lots, with interest in the chosen range</caption>
        <thead>
          <tr className="border-b border-stone-200 bg-stone-50 text-stone-700">
            <th scope="col" className="w-10 px-3 py-2">
              <input
                type="checkbox"
                aria-label="Select all shown lots"
                checked={allOn}
                onChange={(e) =>
                  onToggleAll(
                    rows.map((r) => r.number),
                    e.target.checked,
                  )
                }
                className="size-4"
              />
            </th>
            {COLUMNS.map((c) => (
              <th
                key={c.label}
                scope="col"
                aria-sort={c.key && sort.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                className={`px-3 py-2 font-semibold ${c.numeric ? 'text-right' : ''}`}
              >
                {c.key ? (
                  <button
                    type="button"
                    onClick={() => onSort(c.key!)}
                    className="inline-flex min-h-8 items-center gap-1 rounded hover:text-lake-800"
                  >
                    {c.label}
                    <span aria-hidden="true" className="text-xs">
                      {sort.key === c.key ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                ) : (
                  c.label
                )}
              </th>
            ))}
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.number} className="border-b border-stone-100 last:border-0 hover:bg-stone-50">
              <td className="px-3 py-2">
                <input
                  type="checkbox"
                  aria-label={`Select lot ${r.number}`}
                  checked={selected.has(r.number)}
                  onChange={() => onToggle(r.number)}
                  className="size-4"
                />
              </td>
              <th scope="row" className="whitespace-nowrap px-3 py-2 font-semibold text-stone-900">
                Lot {r.number}
                <span className="block text-xs font-normal text-stone-500">Block {r.block}</span>
              </th>
              <td className="px-3 py-2">
                <select
                  aria-label={`Status of lot ${r.number}`}
                  value={r.status}
                  disabled={busy.has(r.number)}
                  onChange={(e) => onStatus(r, e.target.value as LotStatus)}
                  className={`min-h-9 rounded-md border border-stone-300 px-2 font-medium ${STATUS_TONE[r.status]}`}
                >
                  {LOT_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {statusLabel(s)}
                    </option>
                  ))}
                </select>
              </td>
              <td className="px-3 py-2">
                <ul className="flex flex-wrap gap-1">
                  {r.tags.map((t) => (
                    <li key={t} className="whitespace-nowrap rounded-full bg-lake-50 px-2 py-0.5 text-xs text-lake-900">
                      {tagLabel(t)}
                    </li>
                  ))}
                </ul>
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{squareFeet(r.sizeSqFt)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{money(r.price)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{r.pageViews ?? '—'}</td>
              <td className="px-3 py-2 text-right tabular-nums">{r.mapClicks ?? '—'}</td>
              <td className="px-3 py-2 text-right tabular-nums">{r.leads ?? '—'}</td>
              <td className="px-3 py-2 text-right tabular-nums">{r.watchers ?? '—'}</td>
              <td className="whitespace-nowrap px-3 py-2 text-stone-600">
                {changedAt(r.updatedAt)}
                {r.updatedBy && <span className="block text-xs">by {r.updatedBy}</span>}
              </td>
              <td className="px-3 py-2">
                <button
                  type="button"
                  onClick={() => onEdit(r)}
                  aria-label={`Edit lot ${r.number}`}
                  className="min-h-9 rounded-md px-3 font-semibold text-lake-800 ring-1 ring-stone-300 hover:bg-lake-50"
                >
                  Edit
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Tables: `DataTable`, a captioned, horizontally scrollable comparison table with row headers
 * (public pages), and `SelectableTable`, the dashboard's table with row selection and actions.
 */
import type React from 'react';

type Props = { caption: string; columns: readonly string[]; rows: ReadonlyArray<readonly string[]>; note?: string };

export function DataTable({ caption, columns, rows, note }: Props) {
  return (
    <div className="overflow-x-auto rounded-xl ring-1 ring-stone-200" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[32rem] border-collapse bg-white text-left">
        <caption className="bg-lake-50 px-4 py-3 text-left font-semibold text-lake-900">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-200 bg-stone-50 text-sm text-stone-700">
            {columns.map((c) => (
              <th key={c} scope="col" className="px-4 py-3 font-semibold">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([head, ...cells]) => (
            <tr key={head} className="border-b border-stone-100 last:border-0">
              <th scope="row" className="px-4 py-3 font-medium text-stone-900">
                {head}
              </th>
              {cells.map((c, i) => (
                <td key={i} className="px-4 py-3 text-stone-700">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {note && <p className="border-t border-stone-200 bg-white px-4 py-2 text-sm text-stone-600">{note}</p>}
    </div>
  );
}

export type Column<T> = {
  header: string;
  cell: (row: T) => React.ReactNode;
  /** Classes of the column's cells (e.g. hide on small screens). */
  className?: string;
};

type SelectableProps<T> = {
  label: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => number;
  /** What names a row for its checkbox's label (e.g. the contact's e-mail). */
  rowLabel: (row: T) => string;
  /** Row selection: omitted for a table without checkboxes. */
  selection?: { selected: ReadonlySet<number>; onChange: (next: Set<number>) => void };
  /** The last column: a row's actions (a menu, a button). */
  actions?: (row: T) => React.ReactNode;
};

/**
 * The dashboard's data table: columns by render function, optional row checkboxes with a
 * select-all box in the header (checked, or mixed when some rows are), and a row actions column.
 */
export function SelectableTable<T>({ label, rows, columns, rowKey, rowLabel, selection, actions }: SelectableProps<T>) {
  const ids = rows.map(rowKey);
  const chosen = selection ? ids.filter((id) => selection.selected.has(id)).length : 0;
  const all = ids.length > 0 && chosen === ids.length;
  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const id of ids) {
      if (all) next.delete(id);
      else next.add(id);
    }
    selection.onChange(next);
  };
  const toggle = (id: number) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };
  return (
    <div
      className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-stone-200"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className="w-full text-left text-sm">
        <thead className="border-b border-stone-200 bg-stone-50 text-stone-700">
          <tr>
            {selection && (
              <th scope="col" className="w-10 px-3 py-3">
                <input
                  type="checkbox"
                  aria-label="Select all"
                  className="size-4"
                  checked={all}
                  ref={(el) => {
                    if (el) el.indeterminate = chosen > 0 && !all;
                  }}
                  onChange={toggleAll}
                />
              </th>
            )}
            {columns.map((c) => (
              <th key={c.header} scope="col" className={`px-3 py-3 font-semibold ${c.className ?? ''}`}>
                {c.header}
              </th>
            ))}
            {actions && (
              <th scope="col" className="w-12 px-3 py-3">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const id = rowKey(row);
            return (
              <tr key={id} className="border-b border-stone-100 last:border-0">
                {selection && (
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      className="size-4"
                      aria-label={`Select ${rowLabel(row)}`}
                      checked={selection.selected.has(id)}
                      onChange={() => toggle(id)}
                    />
                  </td>
                )}
                {columns.map((c) => (
                  <td key={c.header} className={`px-3 py-2 text-stone-800 ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </td>
                ))}
                {actions && <td className="px-3 py-1 text-right">{actions(row)}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

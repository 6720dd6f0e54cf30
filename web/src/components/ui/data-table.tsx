/**
 * Tables: `DataTable`, a captioned, horizontally scrollable comparison table with row headers
 * (public pages), and `SelectableTable`, the dashboard's table (columns by render function,
 * optional row selection, actions, expandable details, caption, empty row, least width and spacing).
 *
 * Cells wrap between words, never inside one: a column is never narrower than its longest word
 * (the card scrolls sideways instead). Never give a cell `break-all`, `break-words` or
 * `overflow-wrap: anywhere` ('Direct / no' + 'ne'): an e-mail address goes in `EmailAddress`,
 * which may wrap before its `@` and dots.
 */
import { Fragment, type ReactNode } from 'react';

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
  cell: (row: T) => ReactNode;
  /** Classes of the column's header and cells (e.g. hide on small screens). */
  className?: string;
  /** Classes of the column's cells only (text style, truncation), not of its header. */
  cellClassName?: string;
  /** The column names its row: its cells are row headers (`<th scope="row">`). */
  rowHeader?: boolean;
};

/** What identifies a row: its id, or a natural key such as a lot number or a slug. */
export type RowKey = string | number;

/**
 * The rows' spacing: `compact` (the CRM lists: tight rows in stone-800, a narrow actions column)
 * or `comfortable` (roomier cells in the page's text colour).
 */
const DENSITY = {
  compact: {
    head: 'px-3 py-3',
    cell: 'px-3 py-2',
    actionsHead: 'w-12 px-3 py-3',
    actions: 'px-3 py-1',
    body: 'text-stone-800',
  },
  comfortable: { head: 'px-4 py-3', cell: 'px-4 py-3', actionsHead: 'px-4 py-3', actions: 'px-4 py-3', body: '' },
} as const;

/**
 * The actions column keeps to the card's right edge: on a phone, where a wide table scrolls
 * sideways, a row's menu or button stays in view instead of past the edge.
 */
const STICKY_ACTIONS = 'sticky right-0';

type SelectableProps<T, K extends RowKey> = {
  /** The scroll region's accessible name. */
  label: string;
  /** A screen-reader caption naming the table itself. */
  caption?: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => K;
  /** Row selection: omitted for a table without checkboxes; `rowLabel` names a row for its checkbox (e.g. the contact's e-mail). */
  selection?: { selected: ReadonlySet<K>; onChange: (next: Set<K>) => void; rowLabel: (row: T) => string };
  /** The last column: a row's actions (a menu, a button). */
  actions?: (row: T) => ReactNode;
  /** What the table says in a full-width row when there are no rows (otherwise the body is empty). */
  empty?: ReactNode;
  /** The table's least width: narrower screens scroll it sideways instead of squashing its columns. */
  minWidth?: `${number}rem`;
  density?: keyof typeof DENSITY;
  /** Where cells sit in a taller row: `top` for rows with multi-line cells or inline forms. */
  align?: 'middle' | 'top';
  /**
   * Expandable rows: while `isOpen(row)`, a full-width row under it shows `render(row)`, with the
   * id `id(row)` (the feature's toggle button names it in `aria-controls`).
   */
  details?: { isOpen: (row: T) => boolean; render: (row: T) => ReactNode; id: (row: T) => string };
};

/**
 * The dashboard's data table: columns by render function, optional row checkboxes with a
 * select-all box in the header (checked, or mixed when some rows are), and a row actions column
 * (held at the right edge), in a card that scrolls sideways on narrow screens. The card is positioned (`relative`), so the
 * table's screen-reader-only text stays inside it instead of widening the page on a phone.
 */
export function SelectableTable<T, K extends RowKey = number>({
  label,
  caption,
  rows,
  columns,
  rowKey,
  selection,
  actions,
  empty,
  minWidth,
  density = 'compact',
  align = 'middle',
  details,
}: SelectableProps<T, K>) {
  const pad = DENSITY[density];
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
  const toggle = (id: K) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };
  const width = columns.length + (selection ? 1 : 0) + (actions ? 1 : 0);
  return (
    <div
      className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-stone-200"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className="w-full text-left text-sm" style={minWidth ? { minWidth } : undefined}>
        {caption && <caption className="sr-only">{caption}</caption>}
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
              <th key={c.header} scope="col" className={`${pad.head} font-semibold ${c.className ?? ''}`}>
                {c.header}
              </th>
            ))}
            {actions && (
              <th scope="col" className={`${pad.actionsHead} ${STICKY_ACTIONS} bg-stone-50`}>
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className={pad.body}>
          {rows.map((row) => {
            const id = rowKey(row);
            const open = details?.isOpen(row) ?? false;
            return (
              <Fragment key={id}>
                <tr className={`border-b border-stone-100 last:border-0 ${align === 'top' ? 'align-top' : ''}`}>
                  {selection && (
                    <td className="px-3 py-2">
                      <input
                        type="checkbox"
                        className="size-4"
                        aria-label={`Select ${selection.rowLabel(row)}`}
                        checked={selection.selected.has(id)}
                        onChange={() => toggle(id)}
                      />
                    </td>
                  )}
                  {columns.map((c) => {
                    const className = `${pad.cell} ${c.className ?? ''} ${c.cellClassName ?? ''}`;
                    return c.rowHeader ? (
                      <th key={c.header} scope="row" className={className}>
                        {c.cell(row)}
                      </th>
                    ) : (
                      <td key={c.header} className={className}>
                        {c.cell(row)}
                      </td>
                    );
                  })}
                  {actions && (
                    <td className={`${pad.actions} ${STICKY_ACTIONS} bg-white text-right`}>{actions(row)}</td>
                  )}
                </tr>
                {details && open && (
                  <tr id={details.id(row)} className="border-b border-stone-100 bg-lake-50/40 last:border-0">
                    <td colSpan={width} className="p-0">
                      {/* Held at the card's left edge and no wider than the screen, like the empty row. */}
                      <div className="sticky left-0 w-[min(100%,calc(100vw-2rem))] px-4 pt-1 pb-4">
                        {details.render(row)}
                      </div>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
          {rows.length === 0 && empty && (
            <tr>
              <td colSpan={width} className="p-0">
                {/* As wide as the card at most and held at its left edge, so on a phone the message
                    sits in view instead of in the middle of a table wider than the screen. */}
                <div className="sticky left-0 w-[min(100%,calc(100vw-2rem))] px-4 py-6 text-center text-stone-600">
                  {empty}
                </div>
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

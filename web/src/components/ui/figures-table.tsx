/**
 * A compact table of figures (the dashboard's analytics cards): the first column names the row,
 * the others are right-aligned tabular numbers. A named row is a row header (a lot), else its
 * name takes the width the figures leave and wraps between words there (a word longer than the
 * column is the only one broken). `extraRows` go after the rows (a total, an "Unattributed").
 */
import type { ReactNode } from 'react';

export type FigureColumn<R> = {
  head: ReactNode;
  cell: (row: R) => ReactNode;
  /** The heading may wrap (a long one in the last column). */
  wrapHead?: boolean;
  /** The column's padding, when not that of its place (see `figurePad`). */
  pad?: 'px-2';
};

type Props<R> = {
  caption?: string;
  head: ReactNode;
  name: (row: R) => ReactNode;
  /** The name is the row's header (`<th scope="row">`). */
  rowHeader?: boolean;
  columns: readonly FigureColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** The width of a figure column's heading: `w-px` fits it to its content. */
  figureWidth?: 'w-px' | 'w-32';
  extraRows?: ReactNode;
};

/** The padding of a figure column: the last one has none on its right. */
const figurePad = (index: number, count: number) => (index === count - 1 ? 'pl-2' : 'px-2');

export function FiguresTable<R>({
  caption,
  head,
  name,
  rowHeader = false,
  columns,
  rows,
  rowKey,
  figureWidth = 'w-px',
  extraRows,
}: Props<R>) {
  return (
    <table className="w-full text-left text-sm">
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead className="text-stone-600">
        <tr>
          <th scope="col" className="py-1 pr-2 font-medium">
            {head}
          </th>
          {columns.map((c, i) => (
            <th
              key={i}
              scope="col"
              className={`${figureWidth} ${c.wrapHead ? '' : 'whitespace-nowrap'} ${c.pad ?? figurePad(i, columns.length)} py-1 text-right font-medium`}
            >
              {c.head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={rowKey(r)} className="border-t border-stone-100">
            {rowHeader ? (
              <th scope="row" className="py-1.5 pr-2 font-normal text-stone-900">
                {name(r)}
              </th>
            ) : (
              <td className="max-w-0 py-1.5 pr-2 break-words text-stone-900">{name(r)}</td>
            )}
            {columns.map((c, i) => (
              <td key={i} className={`${c.pad ?? figurePad(i, columns.length)} py-1.5 text-right tabular-nums`}>
                {c.cell(r)}
              </td>
            ))}
          </tr>
        ))}
        {extraRows}
      </tbody>
    </table>
  );
}

/** A captioned, horizontally scrollable comparison table with row headers. */
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

/** SelectableTable: row selection, and the options the dashboard's screens use (caption, row headers, empty row, width, spacing). */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SelectableTable, type Column } from './data-table';

type Row = { id: number; email: string };
const ROWS: Row[] = [
  { id: 1, email: 'a@x.co' },
  { id: 2, email: 'b@x.co' },
  { id: 3, email: 'c@x.co' },
];
const EMAIL: Column<Row>[] = [{ header: 'Email', cell: (r) => r.email }];

function Harness<K extends string | number>({ rowKey }: { rowKey: (r: Row) => K }) {
  const [selected, setSelected] = useState<Set<K>>(new Set());
  return (
    <>
      <SelectableTable
        label="People"
        rows={ROWS}
        columns={EMAIL}
        rowKey={rowKey}
        selection={{ selected, onChange: setSelected, rowLabel: (r) => r.email }}
      />
      <p>{[...selected].join(', ') || 'none'} selected</p>
    </>
  );
}

describe('SelectableTable', () => {
  it('selects rows one by one and all at once; the header box is mixed in between', async () => {
    const user = userEvent.setup();
    render(<Harness rowKey={(r) => r.id} />);
    const all = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all' });
    await user.click(screen.getByRole('checkbox', { name: 'Select b@x.co' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    expect(all.indeterminate).toBe(true);
    await user.click(all);
    expect(screen.getByText('2, 1, 3 selected')).toBeTruthy();
    expect(all.checked).toBe(true);
    await user.click(all);
    expect(screen.getByText('none selected')).toBeTruthy();
  });

  it('selects rows by a string key', async () => {
    const user = userEvent.setup();
    render(<Harness rowKey={(r) => r.email} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select c@x.co' }));
    expect(screen.getByText('c@x.co selected')).toBeTruthy();
  });

  it('names the table by its caption, apart from the scroll region', () => {
    render(
      <SelectableTable
        label="People region"
        caption="People, newest first"
        rows={ROWS}
        columns={EMAIL}
        rowKey={(r) => r.id}
      />,
    );
    expect(screen.getByRole('region', { name: 'People region' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'People, newest first' })).toBeTruthy();
  });

  it('makes a column the row headers', () => {
    render(
      <SelectableTable label="People" rows={ROWS} columns={[{ ...EMAIL[0]!, rowHeader: true }]} rowKey={(r) => r.id} />,
    );
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['a@x.co', 'b@x.co', 'c@x.co']);
  });

  it('says what an empty table holds in one row across every column', () => {
    render(
      <SelectableTable
        label="People"
        rows={[]}
        columns={[...EMAIL, { header: 'Id', cell: (r: Row) => r.id }]}
        rowKey={(r) => r.id}
        actions={() => <button type="button">Edit</button>}
        empty="Nobody yet"
      />,
    );
    const cell = screen.getByRole<HTMLTableCellElement>('cell', { name: 'Nobody yet' });
    expect(cell.colSpan).toBe(3);
  });

  it('keeps a least width, so a narrow screen scrolls the table instead of squashing it', () => {
    render(<SelectableTable label="People" rows={ROWS} columns={EMAIL} rowKey={(r) => r.id} minWidth="44rem" />);
    expect(screen.getByRole('table').style.minWidth).toBe('44rem');
  });

  it('styles a column’s cells, not its header, with cellClassName', () => {
    render(
      <SelectableTable
        label="People"
        rows={ROWS}
        columns={[{ ...EMAIL[0]!, cellClassName: 'truncate' }]}
        rowKey={(r) => r.id}
      />,
    );
    expect(screen.getByRole('cell', { name: 'a@x.co' }).className).toContain('truncate');
    expect(screen.getByRole('columnheader', { name: 'Email' }).className).not.toContain('truncate');
  });

  it('spaces cells comfortably when asked, compactly by default', () => {
    const { unmount } = render(<SelectableTable label="People" rows={ROWS} columns={EMAIL} rowKey={(r) => r.id} />);
    expect(screen.getByRole('cell', { name: 'a@x.co' }).className).toContain('px-3 py-2');
    unmount();
    render(<SelectableTable label="People" rows={ROWS} columns={EMAIL} rowKey={(r) => r.id} density="comfortable" />);
    expect(screen.getByRole('cell', { name: 'a@x.co' }).className).toContain('px-4 py-3');
  });

  it('puts cells at the top of taller rows when asked', () => {
    render(<SelectableTable label="People" rows={ROWS} columns={EMAIL} rowKey={(r) => r.id} align="top" />);
    const row = screen.getByRole('row', { name: 'a@x.co' });
    expect(row.className).toContain('align-top');
    expect(within(row).getByRole('cell').textContent).toBe('a@x.co');
  });
});

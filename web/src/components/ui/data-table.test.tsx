import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SelectableTable } from './data-table';

type Row = { id: number; email: string };
const ROWS: Row[] = [
  { id: 1, email: 'a@x.co' },
  { id: 2, email: 'b@x.co' },
  { id: 3, email: 'c@x.co' },
];

function Harness() {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  return (
    <>
      <SelectableTable
        label="People"
        rows={ROWS}
        columns={[{ header: 'Email', cell: (r: Row) => r.email }]}
        rowKey={(r) => r.id}
        rowLabel={(r) => r.email}
        selection={{ selected, onChange: setSelected }}
      />
      <p>{selected.size} selected</p>
    </>
  );
}

describe('SelectableTable', () => {
  it('selects rows one by one and all at once; the header box is mixed in between', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const all = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all' });
    await user.click(screen.getByRole('checkbox', { name: 'Select b@x.co' }));
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect(all.indeterminate).toBe(true);
    await user.click(all);
    expect(screen.getByText('3 selected')).toBeTruthy();
    expect(all.checked).toBe(true);
    await user.click(all);
    expect(screen.getByText('0 selected')).toBeTruthy();
  });
});

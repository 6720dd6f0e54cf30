import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

/** A page whose action takes until the test settles it, as a DELETE waits for the server. */
function Harness({ act, onCancel }: { act: () => Promise<void>; onCancel: () => void }) {
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      title="Delete List"
      message='Delete "Buyers"?'
      confirmLabel="Delete"
      busy={busy}
      onCancel={() => {
        onCancel();
        setOpen(false);
      }}
      onConfirm={() => {
        setBusy(true);
        void act().then(() => setOpen(false));
      }}
    />
  );
}

it('starts on Cancel, and sends the action once however often it is clicked while under way', async () => {
  const user = userEvent.setup();
  let settle = () => {};
  const act = vi.fn(() => new Promise<void>((r) => (settle = r)));
  render(<Harness act={act} onCancel={() => {}} />);
  const dialog = screen.getByRole('dialog', { name: 'Delete List' });
  expect(dialog).toHaveProperty('textContent', expect.stringContaining('Delete "Buyers"?'));
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));

  const confirm = screen.getByRole('button', { name: 'Delete' });
  await user.click(confirm);
  expect(confirm).toHaveProperty('disabled', true);
  await user.click(confirm);
  expect(act).toHaveBeenCalledTimes(1);
  settle();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

it("cancels on Escape (the dialog's cancel event) without acting", () => {
  const act = vi.fn(async () => {});
  const onCancel = vi.fn();
  render(<Harness act={act} onCancel={onCancel} />);
  fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
  expect(onCancel).toHaveBeenCalledTimes(1);
  expect(act).not.toHaveBeenCalled();
  expect(screen.queryByRole('dialog')).toBeNull();
});

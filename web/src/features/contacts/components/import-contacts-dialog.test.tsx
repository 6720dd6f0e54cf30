/**
 * An import that the contacts service stopped answering part-way: the dialog shows the server's
 * reason (how many were saved, and that the same file again finishes it) and the table reloads
 * to show the contacts saved so far.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-request';
import { importContacts } from '../api/import-contacts';
import { ImportContactsDialog } from './import-contacts-dialog';

vi.mock('../api/import-contacts', () => ({ importContacts: vi.fn() }));
afterEach(() => vi.mocked(importContacts).mockReset());

const STOPPED =
  'The import stopped part-way: the contacts service did not answer. At least 3,000 contacts were saved; ' +
  'import the same file again to finish (contacts already saved are updated, not added twice).';

async function importFile() {
  const onImported = vi.fn();
  render(<ImportContactsDialog open onClose={() => {}} onImported={onImported} />);
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('CSV file'), new File(['email\na@example.com\n'], 'contacts.csv'));
  await user.click(screen.getByRole('button', { name: 'Import' }));
  return onImported;
}

it('shows why an import stopped part-way and reloads the table with what was saved', async () => {
  vi.mocked(importContacts).mockRejectedValue(
    new ApiError(503, 'Service Unavailable', JSON.stringify({ error: { code: 'unavailable', message: STOPPED } })),
  );
  const onImported = await importFile();
  expect((await screen.findByText(/stopped part-way/)).textContent).toBe(STOPPED);
  expect(onImported).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', false);
});

it('leaves the table alone when the file itself was refused', async () => {
  vi.mocked(importContacts).mockRejectedValue(
    new ApiError(
      400,
      'Bad Request',
      JSON.stringify({ error: { code: 'bad_request', message: 'The file has no email column' } }),
    ),
  );
  const onImported = await importFile();
  await screen.findByText('The file has no email column');
  expect(onImported).not.toHaveBeenCalled();
});

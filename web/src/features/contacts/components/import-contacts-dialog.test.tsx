/**
 * The import dialog: an import that the contacts service stopped answering part-way (the server's
 * reason shown, the table reloaded with what was saved), a refused file, and the choice for
 * contacts already here with the result's figures.
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

it('sends the choice for contacts already here and shows what the import did with each kind', async () => {
  vi.mocked(importContacts).mockResolvedValue({
    imported: 1,
    updated: 0,
    unchanged: 0,
    skipped: 2,
    invalid: 1,
    errors: [{ line: 4, reason: 'Invalid email (broken)', cells: ['broken', 'Ann', '=1+1'] }],
    format: { encoding: 'Windows-1252', delimiter: ';' },
    header: ['email', 'firstName', 'notes'],
    ignoredColumns: ['MEMBER_RATING', 'OPTIN_TIME'],
  });
  render(<ImportContactsDialog open onClose={() => {}} onImported={() => {}} />);
  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText('Contacts already here'), 'Leave as they are');
  await user.upload(screen.getByLabelText('CSV file'), new File(['email\na@example.com\n'], 'contacts.csv'));
  await user.click(screen.getByRole('button', { name: 'Import' }));
  expect(
    await screen.findByText(
      'Imported 1 contact successfully (1 new, 0 updated, 2 already here, left as they were, 1 not imported).',
    ),
  ).toBeTruthy();
  expect(screen.getByText('Read as Windows-1252 text, columns separated by semicolons.')).toBeTruthy();
  expect(screen.getByText('Line 4: Invalid email (broken)')).toBeTruthy();
  expect(screen.getByText('Columns not imported: MEMBER_RATING, OPTIN_TIME.')).toBeTruthy();
  expect(vi.mocked(importContacts).mock.calls[0]![2]).toMatchObject({ existing: 'skip' });

  // The rows not imported download as a CSV under the file's header, with line and reason.
  const blobs: Blob[] = [];
  const createObjectURL = vi.fn((b: Blob) => (blobs.push(b), 'blob:rejected'));
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  await user.click(screen.getByRole('button', { name: 'Download rows not imported (CSV)' }));
  expect(click).toHaveBeenCalledTimes(1);
  expect(await blobs[0]!.text()).toBe(
    "line,reason,email,firstName,notes\r\n4,Invalid email (broken),broken,Ann,'=1+1\r\n",
  );
  click.mockRestore();
});

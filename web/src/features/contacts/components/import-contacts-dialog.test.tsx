/**
 * The import dialog: an import that the contacts service stopped answering part-way (the server's
 * reason shown, the table reloaded with what was saved), a refused file, the choice for
 * contacts already here with the result's figures, and the column mapping: the file's columns
 * with the field each goes to, the first rows as they will be stored (changed at once by a
 * column's select), the columns not imported named, the mapping sent with the import, and a
 * file the preview refuses.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-request';
import type { ImportPreview } from '@lp/contracts';
import { importContacts, previewImportContacts } from '../api/import-contacts';
import { ImportContactsDialog } from './import-contacts-dialog';

vi.mock('../api/import-contacts', () => ({ importContacts: vi.fn(), previewImportContacts: vi.fn() }));
afterEach(() => {
  vi.mocked(importContacts).mockReset();
  vi.mocked(previewImportContacts).mockReset();
});

const SIMPLE: ImportPreview = {
  format: { encoding: 'UTF-8', delimiter: ',' },
  header: ['email'],
  columns: ['email'],
  rows: [{ line: 2, cells: ['a@example.com'] }],
};

/** Picks a file and waits for its columns. */
async function pickFile(user: ReturnType<typeof userEvent.setup>, preview: ImportPreview = SIMPLE) {
  vi.mocked(previewImportContacts).mockResolvedValue(preview);
  await user.upload(screen.getByLabelText('CSV file'), new File(['email\na@example.com\n'], 'contacts.csv'));
  await screen.findByRole('heading', { name: 'Columns of the file' });
}

const STOPPED =
  'The import stopped part-way: the contacts service did not answer. At least 3,000 contacts were saved; ' +
  'import the same file again to finish (contacts already saved are updated, not added twice).';

async function importFile() {
  const onImported = vi.fn();
  render(<ImportContactsDialog open onClose={() => {}} onImported={onImported} />);
  const user = userEvent.setup();
  await pickFile(user);
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
  await pickFile(user);
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

const EXCEL: ImportPreview = {
  format: { encoding: 'Windows-1252', delimiter: ';' },
  header: ['Email Address', 'First Name', 'Telefon', 'MEMBER_RATING'],
  columns: ['email', 'firstName', null, null],
  rows: [
    { line: 2, cells: ['anna@example.de', 'Anna', '+49 30 987654', '2'] },
    { line: 3, cells: ['nope', 'Lars', '', '3'] },
  ],
};

/** The preview table's rows as text, cell by cell. */
const storedRows = () =>
  within(screen.getByRole('table', { name: 'First rows as they will be stored' }))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));

it('shows the mapping and the first rows as they will be stored; a changed column updates them and goes with the import', async () => {
  vi.mocked(importContacts).mockResolvedValue({
    imported: 1,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    invalid: 1,
    errors: [{ line: 3, reason: 'Invalid email (nope)' }],
    format: EXCEL.format,
    header: EXCEL.header,
    ignoredColumns: ['MEMBER_RATING'],
  });
  render(<ImportContactsDialog open onClose={() => {}} onImported={() => {}} />);
  const user = userEvent.setup();
  await pickFile(user, EXCEL);
  expect(vi.mocked(previewImportContacts).mock.calls[0]![0].name).toBe('contacts.csv');
  expect(screen.getByText(/^Read as Windows-1252 text, columns separated by semicolons\./)).toBeTruthy();
  expect(screen.getByLabelText('Email Address')).toHaveProperty('value', 'email');
  expect(screen.getByText('Not imported: Telefon, MEMBER_RATING.')).toBeTruthy();
  expect(storedRows()).toEqual([
    ['Line', 'Email', 'First name', 'Last name', 'Phone', 'Address', 'Notes'],
    ['2', 'anna@example.de', 'Anna', '—empty', '—empty', '—empty', '—empty'],
    ['3', 'Not imported: Invalid email (nope)'],
  ]);

  // The phone column found its field: the preview shows it at once.
  await user.selectOptions(screen.getByLabelText('Telefon'), 'Phone');
  expect(storedRows()[1]).toEqual(['2', 'anna@example.de', 'Anna', '—empty', '+49 30 987654', '—empty', '—empty']);
  expect(screen.getByText('Not imported: MEMBER_RATING.')).toBeTruthy();

  // Without an email column nothing is imported, and the dialog says why.
  await user.selectOptions(screen.getByLabelText('Email Address'), 'Skip');
  expect(screen.getByRole('alert').textContent).toBe('Choose the column that holds the email');
  await user.click(screen.getByRole('button', { name: 'Import' }));
  expect(importContacts).not.toHaveBeenCalled();
  await user.selectOptions(screen.getByLabelText('Email Address'), 'Email');

  await user.click(screen.getByRole('button', { name: 'Import' }));
  await screen.findByText(/^Imported 1 contact successfully/);
  expect(vi.mocked(importContacts).mock.calls[0]![2]).toMatchObject({
    columns: ['email', 'firstName', 'phone', null],
  });
});

it("says why the preview refused a file, in the import's words", async () => {
  vi.mocked(previewImportContacts).mockRejectedValue(
    new ApiError(400, 'Bad Request', JSON.stringify({ error: { code: 'bad_request', message: 'The file is empty' } })),
  );
  render(<ImportContactsDialog open onClose={() => {}} onImported={() => {}} />);
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('CSV file'), new File(['\r\n\r\n'], 'people.csv'));
  expect((await screen.findByRole('alert')).textContent).toBe('The file is empty');
  expect(screen.queryByRole('heading', { name: 'Columns of the file' })).toBeNull();
});

it('says it is reading the file while the preview is on its way, and waits for it before importing', async () => {
  let answer: (preview: ImportPreview) => void = () => {};
  vi.mocked(previewImportContacts).mockReturnValue(new Promise((resolve) => (answer = resolve)));
  render(<ImportContactsDialog open onClose={() => {}} onImported={() => {}} />);
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('CSV file'), new File(['email\na@example.com\n'], 'contacts.csv'));
  expect(screen.getByRole('status').textContent).toBe("Reading the file's columns…");
  expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
  answer(SIMPLE);
  await screen.findByRole('heading', { name: 'Columns of the file' });
  expect(screen.queryByRole('status')).toBeNull();
  expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', false);
});

it('does not import the same file twice: after a result the next import starts from another file', async () => {
  vi.mocked(importContacts).mockResolvedValue({
    imported: 1,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    invalid: 0,
    errors: [],
    header: ['email'],
    ignoredColumns: [],
    format: { encoding: 'UTF-8', delimiter: ',' },
  });
  await importFile();
  await screen.findByText(/^Imported 1 contact successfully/);
  expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  expect(screen.getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0);

  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Import another file' }));
  expect(screen.queryByText(/^Imported 1 contact successfully/)).toBeNull();
  expect((screen.getByLabelText('CSV file') as HTMLInputElement).files?.length ?? 0).toBe(0);
  expect(document.activeElement).toBe(screen.getByLabelText('CSV file'));
  await user.click(screen.getByRole('button', { name: 'Import' }));
  expect(await screen.findByText('Please select a file to import')).toBeTruthy();
  expect(importContacts).toHaveBeenCalledTimes(1);

  await pickFile(user);
  await user.click(screen.getByRole('button', { name: 'Import' }));
  await screen.findByText(/^Imported 1 contact successfully/);
  expect(importContacts).toHaveBeenCalledTimes(2);
});

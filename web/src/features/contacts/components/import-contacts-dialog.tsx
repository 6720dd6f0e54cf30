/**
 * Import Contacts (CSV): the file's own checks ('Please select a file to import', 'Please upload
 * a CSV file'), the upload's progress in percent, then the result: imported, updated, skipped and
 * the rows that were not imported with their line and reason. Toasts 'Imported N contacts
 * successfully' or 'Failed to import contacts. Please try again.' (with the server's reason; an
 * import that stopped part-way says how many contacts it saved, and the table shows them).
 */
import { useState } from 'react';
import type { ImportResult } from '@lp/contracts';
import { Dialog, dialogButton } from '../../../components/ui/dialog';
import { FormField, controlClass } from '../../../components/form/form-field';
import { toast } from '../../../components/toast/toast-store';
import { ApiError } from '../../../lib/api-request';
import { errorMessage } from '../../../lib/error-message';
import { importContacts } from '../api/import-contacts';
import { checkImportFile } from '../lib/check-import-file';

type Props = { open: boolean; onClose: () => void; onImported: () => void };

export function ImportContactsDialog({ open, onClose, onImported }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const close = () => {
    setFile(null);
    setError(null);
    setProgress(null);
    setResult(null);
    onClose();
  };

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = checkImportFile(file);
    if (problem || !file) return setError(problem);
    setError(null);
    setResult(null);
    setProgress(0);
    try {
      const r = await importContacts(file, setProgress);
      setResult(r);
      toast({ title: `Imported ${r.imported + r.updated} contacts successfully` });
      onImported();
    } catch (err) {
      const reason = errorMessage(err, '');
      if (reason) setError(reason);
      // An import that stopped part-way saved some rows already: the table shows them.
      if (err instanceof ApiError && err.status === 503) onImported();
      toast({
        title: 'Failed to import contacts. Please try again.',
        description: reason || undefined,
        variant: 'destructive',
      });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Import Contacts"
      description="A CSV file with a header row: email, firstName, lastName, phone, address, notes (only email is required)."
      footer={
        <>
          <button type="button" className={dialogButton.cancel} onClick={close}>
            {result ? 'Close' : 'Cancel'}
          </button>
          <button type="submit" form="import-form" className={dialogButton.primary} disabled={progress !== null}>
            {progress !== null ? 'Importing...' : 'Import'}
          </button>
        </>
      }
    >
      <form id="import-form" noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField id="import-file" label="CSV file" error={error ?? undefined}>
          {(p) => (
            <input
              {...p}
              type="file"
              accept=".csv,text/csv"
              className={controlClass}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setError(null);
                setResult(null);
              }}
            />
          )}
        </FormField>
        {progress !== null && (
          <div>
            <div className="flex justify-between text-sm text-stone-700">
              <span>{progress < 100 ? 'Uploading…' : 'Processing…'}</span>
              <span>{progress}%</span>
            </div>
            <progress
              className="mt-1 h-2 w-full accent-lake-700"
              max={100}
              value={progress}
              aria-label="Upload progress"
            >
              {progress}%
            </progress>
          </div>
        )}
        {result && <ImportSummary result={result} />}
      </form>
    </Dialog>
  );
}

function ImportSummary({ result }: { result: ImportResult }) {
  return (
    <div role="status" className="rounded-md bg-stone-50 p-3 text-sm text-stone-800">
      <p className="font-semibold">
        Imported {result.imported + result.updated} contacts successfully ({result.imported} new, {result.updated}{' '}
        updated
        {result.skipped ? `, ${result.skipped} skipped` : ''}).
      </p>
      {result.errors.length > 0 && (
        <>
          <p className="mt-2">
            {result.errorCount > result.errors.length
              ? `The first ${result.errors.length} of ${result.errorCount} rows not imported:`
              : 'Rows not imported:'}
          </p>
          <ul className="mt-1 max-h-40 list-disc overflow-y-auto pl-5">
            {result.errors.map((e) => (
              <li key={`${e.line}-${e.reason}`}>
                Line {e.line}: {e.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * Import Contacts (CSV): the file's own checks ('Please select a file to import', 'Please upload
 * a CSV file'), then the column mapping read from the file's beginning (each column of the file,
 * the field it goes to or Skip, the first rows as they will be stored: ImportMappingPreview; a
 * file the import would refuse is refused here with the same words; the mapping goes with the
 * import), what to do with contacts already here (update them, only fill their empty fields,
 * or leave them), an optional list the contacts join (an existing one or a new one named here),
 * the upload's progress in percent and then the server's (rows stored of rows read), then the
 * result: new, updated, unchanged, skipped, and the rows that were not imported with their line
 * and reason, and how the file was read. Toasts 'Imported N contacts
 * successfully' or 'Failed to import contacts. Please try again.' (with the server's reason; an
 * import that stopped part-way says how many contacts it saved, and the table shows them).
 */
import { ListOptions } from '../../../components/form/list-options';
import { useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import {
  IMPORT_ERRORS_SHOWN,
  csvLine,
  importFileProblem,
  type ImportExisting,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
  type OperationProgress,
} from '@lp/contracts';
import { Dialog, dialogButton } from '../../../components/ui/dialog';
import { FormField, controlClass } from '../../../components/form/form-field';
import { ProgressMeter } from '../../../components/ui/progress-meter';
import { toast } from '../../../components/toast/toast-store';
import { ApiError } from '../../../lib/api-request';
import { errorMessage } from '../../../lib/error-message';
import { countOf, formatCount } from '../../../lib/format-count';
import { LISTS_KEY, useLists } from '../../../lib/use-lists';
import { importContacts, previewImportContacts, type ImportList } from '../api/import-contacts';
import { ImportMappingPreview, formatSentence } from './import-mapping-preview';
import { useCustomFields } from '../api/custom-fields';
import { useOperationProgress } from '../lib/use-operation-progress';
import { downloadCsv } from '../../../lib/download-csv';

/** The list select's value for "make a new list". */
const NEW_LIST = 'new';

/** What the import does with a contact it already has (matched by e-mail). */
const EXISTING_CHOICES: readonly (readonly [ImportExisting, string])[] = [
  ['update', "Update with the file's values"],
  ['fill', 'Only fill empty fields'],
  ['skip', 'Leave as they are'],
];

type Props = { open: boolean; onClose: () => void; onImported: () => void };

export function ImportContactsDialog({ open, onClose, onImported }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [existing, setExisting] = useState<ImportExisting>('update');
  const [listChoice, setListChoice] = useState('');
  const [newListName, setNewListName] = useState('');
  const [listError, setListError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const customFields = useCustomFields();
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [previewing, setPreviewing] = useState(false);
  // The file whose preview is awaited: an answer for a file picked before it is dropped.
  const previewOf = useRef<File | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const lists = useLists();
  const { mutate } = useSWRConfig();
  const server = useOperationProgress();

  const close = () => {
    setFile(null);
    setError(null);
    setProgress(null);
    setResult(null);
    setExisting('update');
    setListChoice('');
    setNewListName('');
    setListError(null);
    previewOf.current = null;
    setPreview(null);
    setMapping(null);
    setPreviewing(false);
    onClose();
  };

  const pickFile = async (picked: File | null) => {
    setFile(picked);
    setError(null);
    setResult(null);
    setPreview(null);
    setMapping(null);
    previewOf.current = picked;
    if (!picked || importFileProblem(picked)) return setPreviewing(false);
    setPreviewing(true);
    try {
      const read = await previewImportContacts(picked);
      if (previewOf.current !== picked) return;
      setPreview(read);
      setMapping(read.columns);
    } catch (err) {
      if (previewOf.current !== picked) return;
      // The import would refuse the file with the same words; any other failure leaves the
      // import as it was without a preview (the header's names choose the columns).
      setError(errorMessage(err, 'The file could not be previewed; importing it maps its columns by their names.'));
    } finally {
      if (previewOf.current === picked) setPreviewing(false);
    }
  };

  /** After a result: the file, its columns and the result cleared; the list and the choice for existing contacts kept. */
  const importAnother = () => {
    void pickFile(null);
    if (fileInput.current) fileInput.current.value = '';
    fileInput.current?.focus();
  };

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = importFileProblem(file);
    if (problem || !file) return setError(problem);
    // The mapping says so beside its columns (IMPORT_MAPPING_NO_EMAIL).
    if (mapping && !mapping.includes('email')) return;
    if (listChoice === NEW_LIST && !newListName.trim()) return setListError('List name is required');
    const list: ImportList =
      listChoice === NEW_LIST
        ? { newListName: newListName.trim() }
        : listChoice
          ? { listId: Number(listChoice) }
          : null;
    setError(null);
    setListError(null);
    setResult(null);
    setProgress(0);
    try {
      const r = await server.run((progressId) =>
        importContacts(file, setProgress, { list, existing, progressId, ...(mapping ? { columns: mapping } : {}) }),
      );
      setProgress(null);
      setResult(r);
      toast({
        title: `Imported ${countOf(r.imported + r.updated, 'contact')} successfully`,
        description: r.list ? `They are on the list ${r.list.name}.` : undefined,
      });
      if (list) await mutate(LISTS_KEY);
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
      wide={preview !== null}
      description="A CSV file with a header row: email, firstName, lastName, phone, address, notes, or the columns of a Google, Outlook, Thunderbird, HubSpot or Mailchimp export (only email is required). You see where each column goes before importing."
      footer={
        <>
          <button type="button" className={dialogButton.cancel} onClick={close}>
            {result ? 'Close' : 'Cancel'}
          </button>
          {result ? (
            // The same file is not imported twice by a second click: the next import starts from a new file.
            <button type="button" className={dialogButton.primary} onClick={importAnother}>
              Import another file
            </button>
          ) : (
            <button
              type="submit"
              form="import-form"
              className={dialogButton.primary}
              disabled={progress !== null || previewing}
            >
              {progress !== null ? 'Importing...' : 'Import'}
            </button>
          )}
        </>
      }
    >
      <form id="import-form" noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField id="import-file" label="CSV file" error={error ?? undefined}>
          {(p) => (
            <input
              {...p}
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              className={controlClass}
              onChange={(e) => void pickFile(e.target.files?.[0] ?? null)}
            />
          )}
        </FormField>
        {previewing && (
          <p role="status" className="text-sm text-stone-700">
            Reading the file's columns…
          </p>
        )}
        {preview && mapping && !result && (
          <ImportMappingPreview
            preview={preview}
            mapping={mapping}
            customFields={customFields.data ?? []}
            onChange={(column, field) => {
              setMapping(mapping.map((f, i) => (i === column ? field : f)));
              setError(null);
            }}
          />
        )}
        <FormField id="import-existing" label="Contacts already here">
          {(p) => (
            <select
              {...p}
              className={controlClass}
              value={existing}
              onChange={(e) => setExisting(e.target.value as ImportExisting)}
            >
              {EXISTING_CHOICES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="import-list" label="Add the contacts to a list (optional)" error={listError ?? undefined}>
          {(p) => (
            <select
              {...p}
              className={controlClass}
              value={listChoice}
              onChange={(e) => {
                setListChoice(e.target.value);
                setListError(null);
              }}
            >
              <option value="">No list</option>
              <ListOptions lists={lists.data} />
              <option value={NEW_LIST}>New list…</option>
            </select>
          )}
        </FormField>
        {listChoice === NEW_LIST && (
          <FormField id="import-new-list" label="New list name">
            {(p) => (
              <input
                {...p}
                type="text"
                maxLength={200}
                className={controlClass}
                value={newListName}
                onChange={(e) => setNewListName(e.target.value)}
              />
            )}
          </FormField>
        )}
        {progress !== null && <ImportProgress upload={progress} server={server.progress} />}
        {result && <ImportSummary result={result} />}
      </form>
    </Dialog>
  );
}

/**
 * The upload's percent until the server reports; then the server's own figures: rows stored of
 * the rows read so far (the file is read as it arrives, so both grow until the upload ends).
 */
function ImportProgress({ upload, server }: { upload: number; server: OperationProgress | null }) {
  if (server && server.total)
    return (
      <ProgressMeter
        label="Import progress"
        status="Storing contacts…"
        value={server.done}
        max={server.total}
        figures={`${formatCount(server.done)} of ${formatCount(server.total)} rows stored`}
      />
    );
  return (
    <ProgressMeter
      label="Upload progress"
      status={upload < 100 ? 'Uploading…' : 'Reading the file…'}
      value={upload < 100 ? upload : null}
      max={upload < 100 ? 100 : null}
      figures={upload < 100 ? `${upload}%` : undefined}
    />
  );
}

/**
 * The rows not imported as a CSV to fix and import again: each one's line and reason, then its
 * cells under the file's own header (formula-safe cells, as the contacts export writes them).
 */
function downloadRejected(result: ImportResult) {
  const lines = [
    csvLine(['line', 'reason', ...result.header]),
    ...result.errors.map((e) => csvLine([String(e.line), e.reason, ...(e.cells ?? [])])),
  ];
  downloadCsv('rows-not-imported.csv', lines);
}

function ImportSummary({ result }: { result: ImportResult }) {
  const shown = result.errors.slice(0, IMPORT_ERRORS_SHOWN);
  const figures = [
    `${formatCount(result.imported)} new`,
    `${formatCount(result.updated)} updated`,
    ...(result.unchanged ? [`${formatCount(result.unchanged)} unchanged`] : []),
    ...(result.skipped ? [`${formatCount(result.skipped)} already here, left as they were`] : []),
    ...(result.invalid ? [`${formatCount(result.invalid)} not imported`] : []),
  ];
  return (
    <div role="status" className="rounded-md bg-stone-50 p-3 text-sm text-stone-800">
      <p className="font-semibold">
        Imported {countOf(result.imported + result.updated, 'contact')} successfully ({figures.join(', ')}).
      </p>
      {result.list && <p className="mt-1">They are on the list {result.list.name}.</p>}
      <p className="mt-1 text-stone-600">{formatSentence(result.format)}</p>
      {result.ignoredColumns.length > 0 && (
        <p className="mt-1 text-stone-600">Columns not imported: {result.ignoredColumns.join(', ')}.</p>
      )}
      {shown.length > 0 && (
        <>
          <p className="mt-2">
            {result.invalid > shown.length
              ? `The first ${formatCount(shown.length)} of ${formatCount(result.invalid)} rows not imported:`
              : 'Rows not imported:'}
          </p>
          {result.errors.some((e) => e.cells) && (
            <button type="button" className={`${dialogButton.cancel} mt-2`} onClick={() => downloadRejected(result)}>
              Download rows not imported (CSV)
            </button>
          )}
          <ul className="mt-1 max-h-40 list-disc overflow-y-auto pl-5">
            {shown.map((e) => (
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

/**
 * The Import Contacts dialog's column mapping, shown once a file is picked and before anything is
 * imported: how the file was read, each column of the file with the contact field it goes to
 * (changeable, or Skip), the columns not imported named, and the first rows as they will be
 * stored, computed here with the import's own rules (contracts' importItemOf) so that changing a
 * column updates them at once. The gateway reads the file's beginning (the preview endpoint) with
 * the same reader as the import, so what is shown is what the import will read.
 */
import { useId } from 'react';
import {
  customKeyOf,
  customTarget,
  IMPORT_FIELDS,
  IMPORT_MAPPING_NO_EMAIL,
  IMPORT_TAGS,
  ignoredColumnsOf,
  importColumnsOf,
  importItemOf,
  type CustomField,
  type CustomValue,
  type ImportField,
  type ImportMapping,
  type ImportRow,
  type ImportTarget,
  type ImportPreview,
  type ImportResult,
} from '@lp/contracts';

/** Each field as the contact form and the contacts table name it. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  address: 'Address',
  notes: 'Notes',
};

/** Columns not imported listed as they come; more scroll in a box of their own. */
const LISTED_IN_FULL = 12;

/**
 * Fields whose text wraps in the rows' table (an address, notes); the others stay on one line
 * (an e-mail, a phone number).
 */
const LONG_FIELDS: ReadonlySet<ImportField> = new Set(['address', 'notes']);

/** The select's value for a column not imported. */
const SKIP = '';

export const DELIMITER_NAMES: Record<ImportResult['format']['delimiter'], string> = {
  ',': 'commas',
  ';': 'semicolons',
  '\t': 'tabs',
};

/** How the file was read, as the dialog says it before and after the import. */
export const formatSentence = (format: ImportResult['format']) =>
  `Read as ${format.encoding} text, columns separated by ${DELIMITER_NAMES[format.delimiter]}.`;

/** A column's name as shown: the header's, or its position when the header leaves it blank. */
const columnName = (header: readonly string[], i: number) => header[i]?.trim() || `Column ${i + 1}`;

type Props = {
  preview: ImportPreview;
  mapping: ImportMapping;
  /** The custom fields a column may fill. */
  customFields?: readonly CustomField[];
  onChange: (column: number, field: ImportTarget | null) => void;
};

/** A stored value as the rows' table shows it. */
const shown = (value: CustomValue | undefined) =>
  value === undefined ? null : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);

/** The cells of a row as stored: the contact's fields, its tags when a column fills them, each custom field mapped. */
function storedCells(row: ImportRow, tags: boolean, custom: readonly CustomField[]): (string | null)[] {
  return [
    ...row.slice(0, IMPORT_FIELDS.length).map((value) => (typeof value === 'string' ? value : null)),
    ...(tags ? [row[6]?.length ? row[6].join(', ') : null] : []),
    ...custom.map((f) => shown(row[7]?.[f.key])),
  ];
}

export function ImportMappingPreview({ preview, mapping, customFields = [], onChange }: Props) {
  const id = useId();
  const columns = importColumnsOf(mapping);
  const hasTags = mapping.includes(IMPORT_TAGS);
  const mappedCustom = customFields.filter((f) => mapping.some((t) => customKeyOf(t) === f.key));
  const headings = [
    ...IMPORT_FIELDS.map((f) => IMPORT_FIELD_LABELS[f]),
    ...(hasTags ? ['Tags'] : []),
    ...mappedCustom.map((f) => f.name),
  ];
  const ignored = ignoredColumnsOf(preview.header, mapping);
  const unnamed = preview.header.filter((name, i) => !mapping[i] && name.trim() === '').length;
  const notImported = [...ignored, ...(unnamed ? [`${unnamed} unnamed ${unnamed === 1 ? 'column' : 'columns'}`] : [])];
  const noEmail = !mapping.includes('email');
  const first = preview.rows[0]?.cells;
  return (
    <section aria-labelledby={`${id}-title`} className="grid min-w-0 gap-3">
      <div>
        <h3 id={`${id}-title`} className="text-base font-semibold text-stone-900">
          Columns of the file
        </h3>
        <p className="text-sm text-stone-600">
          {formatSentence(preview.format)} Choose the field each column goes to, or Skip.
        </p>
      </div>
      <ul className="max-h-72 divide-y divide-stone-200 overflow-y-auto rounded-md border border-stone-200">
        {preview.header.map((_, i) => (
          <li key={i} className="grid grid-cols-[minmax(0,1fr)_9.5rem] items-center gap-3 px-3 py-2">
            <div className="min-w-0">
              <label htmlFor={`${id}-column-${i}`} className="block text-sm font-medium break-words text-stone-900">
                {columnName(preview.header, i)}
              </label>
              {first?.[i]?.trim() && (
                <p className="truncate text-xs text-stone-600" title={first[i]}>
                  e.g. {first[i]}
                </p>
              )}
            </div>
            <select
              id={`${id}-column-${i}`}
              className="block w-full rounded-md border border-stone-400 bg-white px-2 py-1.5 text-sm text-stone-900"
              value={mapping[i] ?? SKIP}
              onChange={(e) => onChange(i, e.target.value === SKIP ? null : (e.target.value as ImportTarget))}
            >
              {IMPORT_FIELDS.map((field) => (
                <option key={field} value={field}>
                  {IMPORT_FIELD_LABELS[field]}
                </option>
              ))}
              <option value={IMPORT_TAGS}>Tags</option>
              {customFields.map((f) => (
                <option key={f.key} value={customTarget(f.key)}>
                  {f.name}
                </option>
              ))}
              <option value={SKIP}>Skip</option>
            </select>
          </li>
        ))}
      </ul>
      {noEmail && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {IMPORT_MAPPING_NO_EMAIL}
        </p>
      )}
      {notImported.length > 0 && (
        // Outlook's export has 85 such columns: past a few lines they scroll (by keyboard too).
        <p
          className={`text-sm break-words text-stone-700 ${notImported.length > LISTED_IN_FULL ? 'max-h-28 overflow-y-auto rounded-md border border-stone-200 px-3 py-2' : ''}`}
          {...(notImported.length > LISTED_IN_FULL
            ? { tabIndex: 0, role: 'region', 'aria-label': `${notImported.length} columns not imported` }
            : {})}
        >
          Not imported: {notImported.join(', ')}.
        </p>
      )}
      {preview.rows.length > 0 && !noEmail && (
        <div className="min-w-0">
          <h3 id={`${id}-rows`} className="text-base font-semibold text-stone-900">
            First rows as they will be stored
          </h3>
          <div
            className="mt-1 overflow-x-auto rounded-md border border-stone-200"
            tabIndex={0}
            aria-labelledby={`${id}-rows`}
            role="region"
          >
            <table aria-labelledby={`${id}-rows`} className="w-full text-left text-sm">
              <thead className="bg-stone-50 text-stone-700">
                <tr>
                  <th scope="col" className="px-2 py-1.5 font-semibold">
                    Line
                  </th>
                  {headings.map((heading, h) => (
                    <th key={h} scope="col" className="px-2 py-1.5 font-semibold whitespace-nowrap">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {preview.rows.map(({ line, cells }) => {
                  const item = importItemOf(columns, cells, line, customFields);
                  return (
                    <tr key={line} className="align-top">
                      <td className="px-2 py-1.5 text-stone-600">{line}</td>
                      {!item ? null : 'row' in item ? (
                        storedCells(item.row, hasTags, mappedCustom).map((value, f) => (
                          <td
                            key={f}
                            className={`px-2 py-1.5 text-stone-900 ${f >= IMPORT_FIELDS.length || LONG_FIELDS.has(IMPORT_FIELDS[f]!) ? 'max-w-64 min-w-32 break-words whitespace-pre-line' : 'whitespace-nowrap'}`}
                          >
                            {value ?? (
                              <span className="text-stone-400">
                                <span aria-hidden="true">—</span>
                                <span className="sr-only">empty</span>
                              </span>
                            )}
                          </td>
                        ))
                      ) : (
                        <td colSpan={headings.length} className="px-2 py-1.5 font-medium text-red-700">
                          Not imported: {item.error.reason}
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * The rules of contacts as CSV, shared by the gateway (which streams imports and exports) and the
 * dashboard (which checks the file before uploading it, and may preview the column mapping):
 * the file's own checks, which field each header names (in the spellings other tools export too:
 * 'Email Address', 'First Name', 'Phone Number'; any case and spacing), a data row made an import
 * row or an error with its line and reason, how many rows fit a chunk on the bus, and the export's
 * columns and quoting. Pure functions: parsing the file's bytes stays with whoever holds them.
 */
import * as v from 'valibot';
import { BUS_MAX_PAYLOAD_BYTES } from './subjects.ts';
import {
  customKeyOf,
  customTarget,
  IMPORT_TAGS,
  ImportCsvRowSchema,
  type Contact,
  type ImportError,
  type ImportField,
  type ImportMapping,
  type ImportRow,
  type ImportTarget,
} from './crm.ts';
import { customValueOf, tagProblem, tagsOfCell, type CustomField, type CustomValues } from './contact-fields.ts';

// ---- The file ----

export const IMPORT_NO_FILE = 'Please select a file to import';

/** Why the chosen file cannot be imported, or null: a file is needed, and its name must end in .csv. */
export function importFileProblem(file: { name: string } | null | undefined): string | null {
  if (!file) return IMPORT_NO_FILE;
  if (!/\.csv$/i.test(file.name)) return 'Please upload a CSV file';
  return null;
}

// ---- The header ----

/** Header spellings, compared lower-cased with everything but letters and digits removed. */
const ALIASES: Record<string, ImportField | typeof IMPORT_TAGS> = {
  tags: IMPORT_TAGS,
  tag: IMPORT_TAGS,
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  firstname: 'firstName',
  first: 'firstName',
  givenname: 'firstName',
  lastname: 'lastName',
  last: 'lastName',
  surname: 'lastName',
  familyname: 'lastName',
  phone: 'phone',
  phonenumber: 'phone',
  telephone: 'phone',
  mobile: 'phone',
  address: 'address',
  streetaddress: 'address',
  notes: 'notes',
  note: 'notes',
  comments: 'notes',
  // Google Contacts (both layouts: "E-mail 1 - Value", "Phone 1 - Value", "Address 1 - Formatted").
  email1value: 'email',
  email2value: 'email',
  email3value: 'email',
  phone1value: 'phone',
  phone2value: 'phone',
  phone3value: 'phone',
  address1formatted: 'address',
  // Outlook ("E-mail Address", "E-mail 2 Address", "Mobile Phone", "Business Phone", ...).
  email2address: 'email',
  email3address: 'email',
  primaryphone: 'phone',
  mobilephone: 'phone',
  homephone: 'phone',
  businessphone: 'phone',
  homephone2: 'phone',
  businessphone2: 'phone',
  otherphone: 'phone',
  homeaddress: 'address',
  businessaddress: 'address',
  // HubSpot ("Mobile Phone Number") and Mailchimp ("Email Address", "Phone Number", "Address").
  mobilephonenumber: 'phone',
  // Thunderbird's address book ("Primary Email", "Secondary Email", "Work Phone", "Mobile Number",
  // "Home Address", "Work Address"), Salesforce and Zoho ("Mailing Street"), Brevo ("SMS").
  primaryemail: 'email',
  secondaryemail: 'email',
  workphone: 'phone',
  mobilenumber: 'phone',
  cellphone: 'phone',
  sms: 'phone',
  workaddress: 'address',
  mailingstreet: 'address',
  mailingaddress: 'address',
};

/** The custom fields an import may fill (their key, name and type). */
export type ImportCustomFields = readonly Pick<CustomField, 'key' | 'name' | 'type'>[];

const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The field a column's header names (a contact field, the tags, or a custom field by its key or
 * name); undefined when the column is not imported.
 */
export function fieldOfHeader(header: string, custom: ImportCustomFields = []): ImportTarget | undefined {
  const key = headerKey(header);
  const known = ALIASES[key];
  if (known) return known;
  const field = custom.find((f) => headerKey(f.key) === key || headerKey(f.name) === key);
  return field ? customTarget(field.key) : undefined;
}

/** The field each column fills, by position (undefined: the column is skipped). */
export type ImportColumns = readonly (ImportTarget | undefined)[];

/** The column separators a CSV may use: comma, semicolon (European Excel), tab (Excel's "Unicode text"). */
export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/**
 * The separator of a file: of the three, the one found most often outside quotes on the first line
 * that has any (the header row; lines of notes some exports put above it have none outside
 * quotes); a comma when no line of the first ten has one.
 */
export function csvDelimiterOf(text: string): CsvDelimiter {
  let line: Record<CsvDelimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let lines = 0;
  let quoted = false;
  const found = () => CSV_DELIMITERS.some((d) => line[d] > 0);
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '\n') {
      if (found() || ++lines >= 10) break;
      line = { ',': 0, ';': 0, '\t': 0 };
    } else if (!quoted && ch in line) line[ch as CsvDelimiter]++;
  }
  return CSV_DELIMITERS.reduce((pick, d) => (line[d] > line[pick] ? d : pick), ',' as CsvDelimiter);
}

/** Rows above the header an export may have (LinkedIn's notes): the header is looked for that far. */
export const IMPORT_HEADER_SEARCH_ROWS = 10;

/** Said of a file without even a header row (blank lines only). */
export const IMPORT_EMPTY_FILE = 'The file is empty';

/** The columns the header row names, or why the file cannot be imported (it names no email column). */
export function mapImportHeader(
  header: readonly string[],
  custom: ImportCustomFields = [],
): { columns: ImportColumns } | { problem: string } {
  const columns = header.map((name) => fieldOfHeader(name, custom));
  if (!columns.includes('email'))
    return {
      problem: 'The file has no email column: the first row must name the columns (email, firstName, lastName, ...)',
    };
  return { columns };
}

/** The mapping the header's names choose: each column's field, null for a column not imported. */
export const defaultImportMapping = (header: readonly string[], custom: ImportCustomFields = []): ImportMapping =>
  header.map((name) => fieldOfHeader(name, custom) ?? null);

/** The custom fields a mapping names that are not defined (a field deleted since the dialog opened). */
export const unknownCustomTargets = (mapping: ImportMapping, custom: ImportCustomFields): string[] =>
  mapping.map(customKeyOf).filter((key): key is string => key !== null && !custom.some((f) => f.key === key));

/** A mapping chosen in the dialog as the columns an import reads. */
export const importColumnsOf = (mapping: ImportMapping): ImportColumns => mapping.map((field) => field ?? undefined);

/** The named columns of the header no field takes (as the file names them): not imported, and said so. */
export const ignoredColumnsOf = (header: readonly string[], columns: ImportColumns | ImportMapping): string[] =>
  header.filter((name, i) => !columns[i] && name.trim() !== '').map((name) => name.trim());

/** The beginning of the file the dialog sends for its mapping preview (the whole file when smaller). */
export const IMPORT_PREVIEW_BYTES = 256 * 1024;

/** Data rows the mapping preview shows. */
export const IMPORT_PREVIEW_ROWS = 5;

// ---- The rows ----

/** A data row of the file: a valid import row, or an error with its line number and reason. */
export type ImportItem = { row: ImportRow } | { error: ImportError };

/** Google's separator of several values in one cell ("a@example.com ::: b@example.com"): the first is kept. */
const firstValue = (cell: string | undefined) => cell?.split(' ::: ')[0];

/**
 * The data row `cells` on line `line`, read through `columns` (of several columns naming the same
 * field, e.g. Outlook's Mobile, Home and Business Phone, the first that is filled wins; tags of
 * several columns add up); undefined for a blank row, which is no row at all. A custom field's
 * cell is read by its type (`custom`): a bad value ("abc" for a number) makes the row an error
 * naming the field, like any other.
 */
export function importItemOf(
  columns: ImportColumns,
  cells: readonly string[],
  line: number,
  custom: ImportCustomFields = [],
): ImportItem | undefined {
  if (cells.every((cell) => cell.trim() === '')) return undefined;
  const fields: Partial<Record<ImportField, string>> = {};
  let tags: string[] | null = null;
  let values: CustomValues | null = null;
  let problem: string | null = null;
  columns.forEach((target, i) => {
    if (!target || problem) return;
    const key = customKeyOf(target);
    if (target === IMPORT_TAGS) {
      const cell = tagsOfCell(cells[i] ?? '');
      const bad = cell.find((t) => tagProblem(t) !== null);
      if (bad !== undefined) problem = `tags: ${tagProblem(bad)} (${bad.slice(0, 60)})`;
      else if (cell.length > 0) tags = [...new Set([...(tags ?? []), ...cell])];
    } else if (key !== null) {
      const field = custom.find((f) => f.key === key);
      if (!field || values?.[key] !== undefined) return;
      const r = customValueOf(field.type, field.name, cells[i] ?? '');
      if ('problem' in r) problem = `${r.problem} (${(cells[i] ?? '').trim().slice(0, 60)})`;
      else if (r.value !== null) values = { ...values, [key]: r.value };
    } else if (!fields[target as ImportField]?.trim()) fields[target as ImportField] = firstValue(cells[i]);
  });
  const parsed = v.safeParse(ImportCsvRowSchema, fields);
  if (parsed.success && problem === null) {
    const o = parsed.output;
    return { row: [o.email, o.firstName, o.lastName, o.phone, o.address, o.notes, tags, values] };
  }
  let reason: string;
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const field = issue.path?.[0]?.key;
    const said = field && field !== 'email' ? `${String(field)}: ${issue.message}` : issue.message;
    reason = field === 'email' && fields.email ? `${said} (${fields.email})` : said;
  } else reason = problem!;
  return { error: { line, reason, cells: [...cells] } };
}

// ---- Rows on the bus ----

/** The JSON of one import chunk stays under half of max_payload: the rest is room for the envelope. */
export const IMPORT_CHUNK_BYTES = Math.floor(BUS_MAX_PAYLOAD_BYTES * 0.5);

// eslint-disable-next-line no-control-regex -- the characters JSON escapes: quote, backslash and controls
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;
const NON_ASCII = /[^\u0000-\u007f]/; // eslint-disable-line no-control-regex -- every character but ASCII's

/**
 * The UTF-8 size of a text, counted here because Buffer is Node's and these rules load in the
 * browser too. An unpaired surrogate counts as the 3 bytes of U+FFFD, as Buffer counts it.
 */
function utf8Bytes(text: string): number {
  if (!NON_ASCII.test(text)) return text.length;
  let size = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) size += 1;
    else if (c < 0xdc00 && c >= 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: two UTF-16 units, four bytes.
      size += 2;
      i++;
    } else size += 2;
  }
  return size;
}

/** The bytes a row adds to the chunk's JSON, without serialising it (most fields need no escaping). */
export function rowJsonBytes(row: ImportRow): number {
  let size = 2; // the brackets; each field counts the comma after it (the last one's separates rows)
  for (const field of row) {
    if (field === null) size += 5;
    else if (typeof field !== 'string') size += utf8Bytes(JSON.stringify(field)) + 1;
    else if (NEEDS_ESCAPE.test(field)) size += utf8Bytes(JSON.stringify(field)) + 1;
    else size += utf8Bytes(field) + 3;
  }
  return size;
}

// ---- The export ----

/** The export's columns, in its header row (then `tags` and one column per custom field, by key). */
export const EXPORT_HEADER = [
  'email',
  'firstName',
  'lastName',
  'phone',
  'status',
  'source',
  'address',
  'notes',
  'createdAt',
];

/**
 * The header of an export with the custom fields there are: `tags`, then each field's key, so the
 * file imports back into the same fields (an import maps a column named by a field's key to it).
 */
export const exportHeader = (custom: ImportCustomFields = []): string[] => [
  ...EXPORT_HEADER,
  'tags',
  ...custom.map((f) => f.key),
];

/** A custom value as a CSV cell, in the form an import reads back: yes/no, a number, a date, text. */
const customCell = (value: CustomValues[string] | undefined): string | null =>
  value === undefined ? null : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);

/**
 * One cell, RFC 4180 quoted; a cell a spreadsheet would run as a formula (starting with =, +, -,
 * @, a tab or a carriage return) is prefixed with an apostrophe (OWASP's advice against CSV injection).
 */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: readonly (string | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** One contact's line under `exportHeader(custom)`: tags joined by "; ", a value per custom field. */
export const contactCsvLine = (c: Contact, custom: ImportCustomFields = []) =>
  csvLine([
    c.email,
    c.firstName,
    c.lastName,
    c.phone,
    c.status,
    c.source,
    c.metadata.address,
    c.metadata.notes,
    c.createdAt,
    c.tags.join('; '),
    ...custom.map((f) => customCell(c.customFields[f.key])),
  ]);

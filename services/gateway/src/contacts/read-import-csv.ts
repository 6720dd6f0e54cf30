/**
 * Reads a contacts CSV as a stream (csv-parse; the file is never held whole): a byte-order
 * mark, CRLF, quoted commas and newlines and blank lines are the parser's business. The header
 * row names the columns, in the spellings other tools export too ('Email Address', 'First Name',
 * 'Phone Number'; any case and spacing); unknown columns are ignored. Each data row comes out as
 * a valid import row or as an error with its line number and reason.
 */
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import * as v from 'valibot';
import { ImportCsvRowSchema, type ImportError, type ImportRow } from '@lp/contracts';
import { AppError } from '@lp/runtime';

type Field = 'email' | 'firstName' | 'lastName' | 'phone' | 'address' | 'notes';

/** Header spellings, compared lower-cased with everything but letters and digits removed. */
const ALIASES: Record<string, Field> = {
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
};

export const fieldOfHeader = (header: string): Field | undefined =>
  ALIASES[header.toLowerCase().replace(/[^a-z0-9]/g, '')];

const lineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;

export type CsvItem = { row: ImportRow } | { error: ImportError };

const FIELDS: readonly Field[] = ['email', 'firstName', 'lastName', 'phone', 'address', 'notes'];

export const invalidFile = (message: string) => new AppError(400, 'bad_request', message);

/** Yields every data row of the CSV, valid or not, in file order, in batches. */
export async function* readImportCsv(input: Readable): AsyncGenerator<CsvItem[]> {
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_records_with_error: true,
    raw: true,
    max_record_size: 64 * 1024,
  });
  const skipped: ImportError[] = [];
  parser.on('skip', (err: Error & { lines?: number }) => {
    skipped.push({ line: err.lines ?? 0, reason: `Unreadable row: ${err.message}` });
  });
  input.on('error', (err) => parser.destroy(err));
  input.pipe(parser);

  let columns: (Field | undefined)[] | undefined;
  // Line numbers are counted from each record's raw text (csv-parse's own count differs
  // between LF and CRLF files): a record starts after every line break before it, including
  // the blank lines skipped just before it.
  let breaksBefore = 0;
  const itemOf = ({ record, raw }: { record: string[]; raw: string }): CsvItem | undefined => {
    const line = 1 + breaksBefore + lineBreaks(/^[\r\n]*/.exec(raw)?.[0] ?? '');
    breaksBefore += lineBreaks(raw);
    if (!columns) {
      columns = record.map(fieldOfHeader);
      if (!columns.includes('email'))
        throw invalidFile(
          'The file has no email column: the first row must name the columns (email, firstName, lastName, ...)',
        );
      return undefined;
    }
    if (record.every((cell) => cell.trim() === '')) return undefined;
    const cells: Partial<Record<Field, string>> = {};
    columns.forEach((field, i) => {
      if (field && cells[field] === undefined) cells[field] = record[i];
    });
    const parsed = v.safeParse(ImportCsvRowSchema, cells);
    if (parsed.success) {
      const o = parsed.output;
      return { row: [o.email, o.firstName, o.lastName, o.phone, o.address, o.notes] };
    }
    const issue = parsed.issues[0];
    const field = issue.path?.[0]?.key;
    const reason = field && field !== 'email' ? `${String(field)}: ${issue.message}` : issue.message;
    return { error: { line, reason: field === 'email' && cells.email ? `${reason} (${cells.email})` : reason } };
  };

  // Records are taken in batches, as many as the parser holds, and handled synchronously: one
  // await per batch instead of one per row (the async iterator's per-record cost is most of the
  // parse time at a million rows).
  let signalled = false;
  let ended = false;
  let failure: unknown;
  let wake = () => {};
  const signal = () => {
    signalled = true;
    wake();
  };
  parser.on('readable', signal);
  parser.on('end', () => {
    ended = true;
    signal();
  });
  parser.on('error', (err) => {
    failure = err;
    signal();
  });
  for (;;) {
    const batch: CsvItem[] = [];
    let rec: { record: string[]; raw: string } | null;
    while ((rec = parser.read() as typeof rec) !== null) {
      while (skipped.length) batch.push({ error: skipped.shift()! });
      const item = itemOf(rec);
      if (item) batch.push(item);
    }
    while (skipped.length) batch.push({ error: skipped.shift()! });
    if (batch.length) yield batch;
    if (failure) throw failure;
    if (ended) break;
    if (!signalled) await new Promise<void>((resolve) => (wake = resolve));
    signalled = false;
  }
  if (!columns) throw invalidFile('The file is empty');
}

export { FIELDS as IMPORT_FIELDS };

/**
 * `POST /api/marketing/contacts/import`: a multipart upload whose field `file` is a CSV. The
 * upload is streamed (busboy → csv-parse → chunks to crm), never held whole; a file over
 * IMPORT_MAX_BYTES is refused with 413 as soon as that is known. Answers how many contacts were
 * `imported` (new), `updated`, `unchanged` and `skipped` (known ones left alone by the `existing`
 * choice), how many rows were `invalid` with the first 10,000 `errors` (line, reason and the row's
 * cells, for the dialog's download), the file's `header`, and the
 * `format` the file was read in.
 * IMPORT_RATE_LIMIT imports per 10 minutes per staff user and per address; more are answered 429.
 * Fields sent before the file choose what happens to contacts already there (`existing`: update,
 * fill, skip; see IMPORT_EXISTING) and a list every imported contact (new or known) joins:
 * `listId`, or `newListName` (the list is made when the file starts), and `columns`, the column
 * mapping staff chose in the dialog (ImportMappingSchema: the field of each column, or null; without
 * it the header's names choose). Under `X-Progress-Id` the rows crm has stored of the rows read so
 * far are reported while the import runs. `POST /api/marketing/contacts/import/preview` reads the
 * beginning of a file the same way (one reader: encoding, separator, header search) and answers
 * its header, the field each column names and its first rows, for the dialog's mapping preview.
 *
 * What a header or a row means is contracts' (contact-csv.ts), shared with the dashboard; this
 * file holds the bytes: csv-parse reads the stream (a byte-order mark, CRLF, quoted commas and
 * newlines and blank lines are the parser's business) and the rows go to crm in chunks that stay
 * under NATS's max_payload, several in flight at once (crm applies them side by side on its
 * database connections). A chunk crm did not answer (a restart, a timeout) is sent again with
 * back-off until IMPORT_CRM_WAIT_MS has passed; crm applies each (import id, seq) once, so nothing
 * is lost or doubled.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { parse } from 'csv-parse';
import type { Middleware } from 'koa';
import {
  IMPORT_CHUNK_BYTES,
  IMPORT_EMPTY_FILE,
  IMPORT_HEADER_SEARCH_ROWS,
  IMPORT_ERROR_CELLS_MAX_CHARS,
  IMPORT_ERRORS_KEPT,
  IMPORT_NO_FILE,
  IMPORT_PREVIEW_BYTES,
  IMPORT_PREVIEW_ROWS,
  ImportMappingSchema,
  ImportOptionsSchema,
  defaultImportMapping,
  ignoredColumnsOf,
  importColumnsOf,
  importFileProblem,
  importItemOf,
  fieldOfHeader,
  mapImportHeader,
  RPC,
  rowJsonBytes,
  unknownCustomTargets,
  type ImportChunkInput,
  type ImportCustomFields,
  type ImportChunkResult,
  type ImportColumns,
  type ImportExisting,
  type ImportError,
  type ImportItem,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
  type ImportRow,
} from '@lp/contracts';
import * as v from 'valibot';
import { AppError, badRequest, callRpc, type Bus, type Counters, type RpcCallOptions } from '@lp/runtime';
import { audited } from '../../audit/record-audit.ts';
import { requestLimiter } from '../../middleware/rate-limit.ts';
import { validate } from '../../middleware/validate.ts';
import type { GatewayState } from '../../middleware/request-context.ts';
import { askedBy, type GatewayDeps } from '../../routes/context.ts';
import { progressIdOf, type OperationProgressRegistry } from './operation-progress.ts';
import { readCsvFormat, type CsvFormat } from './read-csv-format.ts';

/**
 * Rows per chunk. A chunk's rows live in both processes until crm answers; 1,000 rows (about
 * 100 KB of JSON for typical contacts) keep each process's heap small with four in flight, and
 * cost no more CPU per row than 2,500 did (`pnpm bench:import`).
 */
const CHUNK_ROWS = 1000;
/**
 * Chunks awaiting crm's answer. PostgreSQL's work per row (the unique e-mail index and the
 * trigram search index) is most of an import's time, so chunks applied side by side on several
 * connections finish sooner than one after the other; four stay well under crm's pool size.
 */
const IN_FLIGHT = 4;

const invalidFile = (message: string) => new AppError(400, 'bad_request', message);

const tooLarge = (limit: number) =>
  new AppError(
    413,
    'payload_too_large',
    `The file is too large: imports are limited to ${Math.floor(limit / 1024 / 1024)} MB`,
  );

const lineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;

/** A data row of the file as read: its cells and the line it starts on. */
export type CsvRecord = { cells: string[]; line: number };

/**
 * Yields every data row of the CSV as its cells, in file order, in batches, with the rows the
 * parser could not read as errors. Before the first row, `on.format` is told the encoding and
 * separator it is read with, and `on.header` the header row and the field each of its columns
 * names. The import and its preview both read a file this way.
 *
 * The header is the first row naming an e-mail column (rows above it are an export's notes, as
 * LinkedIn writes them). When none of the first IMPORT_HEADER_SEARCH_ROWS rows names one, a file
 * read `byHand` (the preview, and an import with a mapping chosen there: a header in another
 * language, "Correo") takes its first row as the header; otherwise it is refused as having no
 * email column.
 */
async function* readCsvRecords(
  input: Readable,
  on: { format?: (format: CsvFormat) => void; header: (header: string[], byName: ImportColumns) => void },
  byHand = false,
  custom: ImportCustomFields = [],
): AsyncGenerator<(CsvRecord | { error: ImportError })[]> {
  const { format, stream } = await readCsvFormat(input);
  on.format?.(format);
  const parser = parse({
    delimiter: format.delimiter,
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
  stream.on('error', (err) => parser.destroy(err));
  stream.pipe(parser);

  let headerFound = false;
  /** The rows read while looking for the header: the first is the header of a file read by hand. */
  const above: { record: string[]; line: number }[] = [];
  let headerProblem: string | undefined;
  // Line numbers are counted from each record's raw text (csv-parse's own count differs
  // between LF and CRLF files): a record starts after every line break before it, including
  // the blank lines skipped just before it.
  let breaksBefore = 0;
  // A row of blank cells is no row at all.
  const dataRow = (record: string[], line: number): CsvRecord | undefined =>
    record.every((cell) => cell.trim() === '') ? undefined : { cells: record, line };
  /** No row named an e-mail column: the first row is the header, the rows after it data. */
  const firstRowIsHeader = (): CsvRecord[] => {
    const [header, ...rest] = above;
    if (!byHand || !header) throw invalidFile(headerProblem ?? IMPORT_EMPTY_FILE);
    headerFound = true;
    on.header(
      header.record,
      header.record.map((name) => fieldOfHeader(name, custom)),
    );
    return rest.flatMap(({ record, line }) => dataRow(record, line) ?? []);
  };
  const readRecord = (
    { record, raw }: { record: string[]; raw: string },
    into: (CsvRecord | { error: ImportError })[],
  ) => {
    const line = 1 + breaksBefore + lineBreaks(/^[\r\n]*/.exec(raw)?.[0] ?? '');
    breaksBefore += lineBreaks(raw);
    if (headerFound) {
      const row = dataRow(record, line);
      if (row) into.push(row);
      return;
    }
    const header = mapImportHeader(record, custom);
    if ('problem' in header) {
      headerProblem ??= header.problem;
      above.push({ record, line });
      if (above.length >= IMPORT_HEADER_SEARCH_ROWS) into.push(...firstRowIsHeader());
      return;
    }
    headerFound = true;
    on.header(record, header.columns);
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
  try {
    for (;;) {
      const batch: (CsvRecord | { error: ImportError })[] = [];
      let rec: { record: string[]; raw: string } | null;
      while ((rec = parser.read() as typeof rec) !== null) {
        while (skipped.length) batch.push({ error: skipped.shift()! });
        readRecord(rec, batch);
      }
      while (skipped.length) batch.push({ error: skipped.shift()! });
      if (ended && !failure && !headerFound) batch.push(...firstRowIsHeader());
      if (batch.length) yield batch;
      if (failure) throw failure;
      if (ended) break;
      if (!signalled) await new Promise<void>((resolve) => (wake = resolve));
      signalled = false;
    }
  } finally {
    // A reader that stopped early (the preview, once it has its rows) leaves nothing reading.
    if (!ended) {
      stream.unpipe(parser);
      parser.destroy();
    }
  }
}

/**
 * Yields every data row of the CSV, valid or not, in file order, in batches. Before the first
 * row, `on.format` is told the encoding and separator it is read with, and `on.header` the
 * header row and the columns no field takes (never dropped silently: the answer names them).
 * `mapping`, the one chosen in the dialog, says which field each column fills; without it, the
 * header's names do. A mapping of another length than the header is refused. `custom`: the custom
 * fields (a header may name one; a cell of one is read by its type).
 */
export async function* readImportCsv(
  input: Readable,
  on: { format?: (format: CsvFormat) => void; header?: (header: string[], ignoredColumns: string[]) => void } = {},
  mapping?: ImportMapping,
  custom: ImportCustomFields = [],
): AsyncGenerator<ImportItem[]> {
  let columns: ImportColumns = [];
  const header = (names: string[], byName: ImportColumns) => {
    if (mapping && mapping.length !== names.length)
      throw invalidFile(
        `The column mapping names ${mapping.length} columns but the file's header row has ${names.length}: ` +
          'choose the file again to see its columns',
      );
    columns = mapping ? importColumnsOf(mapping) : byName;
    on.header?.(names, ignoredColumnsOf(names, columns));
  };
  const byHand = mapping !== undefined;
  const reading = readCsvRecords(input, { ...(on.format ? { format: on.format } : {}), header }, byHand, custom);
  for await (const batch of reading) {
    const items: ImportItem[] = [];
    for (const record of batch) {
      const item = 'error' in record ? record : importItemOf(columns, record.cells, record.line, custom);
      if (item) items.push(item);
    }
    if (items.length) yield items;
  }
}

const looksLikeEmail = (cell: string) => /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(cell.trim());

/**
 * A header that names no e-mail column (another language: "Correo", "E-Mail-Adresse 1"): the
 * column whose filled cells in the first rows are all e-mail addresses is offered as the email.
 */
function withEmailByContent(columns: ImportMapping, rows: CsvRecord[]): ImportMapping {
  if (columns.includes('email')) return columns;
  const column = columns.findIndex((field, i) => {
    const filled = rows.map((r) => r.cells[i] ?? '').filter((cell) => cell.trim() !== '');
    return field === null && filled.length > 0 && filled.every(looksLikeEmail);
  });
  return column < 0 ? columns : columns.map((field, i) => (i === column ? 'email' : field));
}

/**
 * The beginning of a file read as its import would read it: the format, the header row, the
 * field each column names (or, where none names the email, the column of addresses offered as
 * it), and the first `rows` data rows' cells (rows the parser could not read are left out: the
 * import names them with their line).
 */
export async function previewImportCsv(
  input: Readable,
  rows = IMPORT_PREVIEW_ROWS,
  custom: ImportCustomFields = [],
): Promise<ImportPreview> {
  let format: CsvFormat = { encoding: 'UTF-8', delimiter: ',' };
  let header: string[] = [];
  let columns: ImportMapping = [];
  const shown: CsvRecord[] = [];
  const on = {
    format: (f: CsvFormat) => (format = f),
    header: (names: string[]) => {
      header = names;
      columns = defaultImportMapping(names, custom);
    },
  };
  for await (const batch of readCsvRecords(input, on, true, custom)) {
    for (const record of batch) if (!('error' in record) && shown.length < rows) shown.push(record);
    if (shown.length >= rows) break;
  }
  return { format, header, columns: withEmailByContent(columns, shown), rows: shown };
}

type ChunkSender = {
  /** Adds a row; true when a chunk is ready and `flush()` should be awaited before adding more. */
  add(row: ImportRow): boolean;
  /** Sends the ready chunks (waiting while IN_FLIGHT are in flight). */
  flush(): Promise<void>;
  /** Sends what is left and waits for every chunk; resolves to the totals. */
  finish(): Promise<ImportChunkResult>;
};

/** Sends an import's rows to crm, chunk by chunk, each chunk under IMPORT_CHUNK_BYTES and CHUNK_ROWS. */
export function createChunkSender(opts: {
  bus: Bus;
  asked: RpcCallOptions;
  counters: Counters;
  waitMs: number;
  /** Every contact of the import joins this list. */
  listId?: number | undefined;
  /** What crm does with contacts it already has (`update` when not said). */
  existing?: ImportExisting;
  /** Told the rows crm has stored so far, after each chunk it answered. */
  onStored?: (stored: number) => void;
}): ChunkSender {
  const importId = randomUUID();
  let rows: ImportRow[] = [];
  let bytes = 2;
  let seq = 0;
  const ready: ImportRow[][] = [];
  const totals: ImportChunkResult = { imported: 0, updated: 0, unchanged: 0, skipped: 0 };
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;

  const sendOnce = async (chunk: ImportChunkInput) => {
    const deadline = Date.now() + opts.waitMs;
    for (let delay = 200; ; delay = Math.min(delay * 2, 2000)) {
      try {
        return await callRpc(opts.bus, RPC.crm.contactsImportChunk, chunk, { ...opts.asked, timeoutMs: 30_000 });
      } catch (err) {
        const retryable = err instanceof AppError && err.status === 503;
        if (!retryable || Date.now() + delay > deadline) throw err;
        opts.counters.inc('gateway_import_chunk_retries_total');
        opts.asked.log.warn({ importId, seq: chunk.seq }, 'crm did not answer an import chunk; sending it again');
        await new Promise((r) => setTimeout(r, delay));
      }
    }
  };

  /**
   * The failure to report. When crm stopped answering part-way, some chunks were saved already:
   * staff are told how many, and that the same file again finishes the import without doubles.
   */
  const stopped = (): unknown => {
    const saved = totals.imported + totals.updated;
    if (saved === 0 || !(failure instanceof AppError && failure.status === 503)) return failure;
    return new AppError(
      503,
      'unavailable',
      `The import stopped part-way: the contacts service did not answer. At least ${saved.toLocaleString('en-US')} ` +
        'contacts were saved; import the same file again to finish (contacts already saved are updated, not added twice).',
    );
  };

  const cut = () => {
    if (rows.length === 0) return;
    ready.push(rows);
    rows = [];
    bytes = 2;
  };

  const flush = async () => {
    for (let chunkRows = ready.shift(); chunkRows; chunkRows = ready.shift()) {
      while (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
      if (failure) throw stopped();
      const chunk: ImportChunkInput = {
        importId,
        seq: seq++,
        rows: chunkRows,
        ...(opts.listId !== undefined ? { listId: opts.listId } : {}),
        ...(opts.existing ? { existing: opts.existing } : {}),
      };
      const p: Promise<void> = sendOnce(chunk)
        .then((r) => {
          totals.imported += r.imported;
          totals.updated += r.updated;
          totals.unchanged += r.unchanged;
          totals.skipped += r.skipped;
          opts.onStored?.(totals.imported + totals.updated + totals.unchanged + totals.skipped);
        })
        .catch((err: unknown) => {
          failure ??= err;
        })
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
  };

  return {
    add(row) {
      const size = rowJsonBytes(row);
      if (bytes + size > IMPORT_CHUNK_BYTES) cut();
      rows.push(row);
      bytes += size;
      if (rows.length >= CHUNK_ROWS) cut();
      return ready.length > 0;
    },
    flush,
    async finish() {
      cut();
      await flush();
      await Promise.all(inFlight);
      if (failure) throw stopped();
      return totals;
    },
  };
}

/**
 * Hands the `file` part of a multipart request to `onFile` with the fields sent before it,
 * failing with 413 (`refused`) past `limit` bytes (a file of `limit` bytes is read).
 */
function withUploadedFile<T>(
  req: IncomingMessage,
  limit: number,
  onFile: (file: Readable, filename: string, fields: Record<string, string>) => Promise<T>,
  refused: () => AppError = () => tooLarge(limit),
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      // busboy stops a file when it reaches fileSize: one byte more lets a file of `limit` bytes through.
      bb = busboy({ headers: req.headers, limits: { fileSize: limit + 1, files: 1, fields: 10 } });
    } catch {
      reject(invalidFile('Send the file as multipart/form-data in a field named file'));
      return;
    }
    let started = false;
    let current: Readable | undefined;
    const fields: Record<string, string> = {};
    bb.on('field', (name, value) => {
      if (!started && !(name in fields)) fields[name] = value;
    });
    // A client that hangs up mid-upload ends nothing: stop reading instead of waiting forever.
    req.once('close', () => {
      if (req.complete) return;
      const err = invalidFile('The upload was interrupted');
      current?.destroy(err);
      reject(err);
    });
    bb.on('file', (name, file, info) => {
      if (name !== 'file' || started) {
        file.resume();
        return;
      }
      started = true;
      current = file;
      file.on('limit', () => file.destroy(refused()));
      const problem = importFileProblem({ name: info.filename ?? '' });
      if (problem) {
        file.resume();
        reject(invalidFile(problem));
        return;
      }
      onFile(file, info.filename ?? '', fields).then(resolve, reject);
    });
    bb.on('error', (err: Error) => reject(invalidFile(`The upload could not be read: ${err.message}`)));
    bb.on('close', () => {
      if (!started) reject(invalidFile(IMPORT_NO_FILE));
    });
    req.pipe(bb);
  });
}

/**
 * The import's options from the fields sent before the file: the list its contacts join (the
 * chosen one, checked by crm with each chunk, or one made now), what to do with known contacts,
 * and the column mapping chosen in the dialog, if any (a bad one is refused with its own message).
 */
async function importOptions(
  bus: Bus,
  asked: RpcCallOptions,
  fields: Record<string, string>,
): Promise<{
  list?: { id: number; name: string };
  existing: ImportExisting;
  mapping?: ImportMapping;
  custom: ImportCustomFields;
}> {
  if (fields.columns !== undefined) {
    const chosen = v.safeParse(ImportMappingSchema, fields.columns);
    if (!chosen.success) {
      const message = chosen.issues[0].message;
      throw badRequest(message, { fields: { columns: [message] } });
    }
  }
  const { existing, columns: mapping, ...options } = validate(ImportOptionsSchema, fields);
  // The custom fields a column may fill, as they stand when the file starts.
  const custom = await callRpc(bus, RPC.crm.customFieldsList, {}, asked);
  const gone = mapping ? unknownCustomTargets(mapping, custom) : [];
  if (gone.length > 0) {
    const message = `There is no custom field ${gone.join(', ')} (any more): choose the file again to map its columns`;
    throw badRequest(message, { fields: { columns: [message] } });
  }
  const chosen = { existing, custom, ...(mapping ? { mapping } : {}) };
  if (options.newListName) {
    const list = await callRpc(bus, RPC.crm.listCreate, { name: options.newListName, description: null }, asked);
    return { list: { id: list.id, name: list.name }, ...chosen };
  }
  if (options.listId === undefined) return chosen;
  const lists = await callRpc(bus, RPC.crm.listsList, {}, asked);
  const list = lists.find((l) => l.id === options.listId);
  if (!list) throw new AppError(404, 'not_found', 'The list to import into no longer exists');
  return { list: { id: list.id, name: list.name }, ...chosen };
}

export function importContacts(
  { bus, counters, config, knex, log }: GatewayDeps,
  progress: OperationProgressRegistry,
): Middleware<GatewayState> {
  const limit = config.IMPORT_MAX_BYTES;
  // An import streams a file of up to IMPORT_MAX_BYTES through crm: one account, or one address
  // across accounts, may start only so many of them.
  const throttle = requestLimiter(
    { counters, knex, log },
    {
      name: 'contact_import',
      max: config.IMPORT_RATE_LIMIT,
      windowMs: 10 * 60_000,
      message: 'Too many imports in a short time. Please wait before importing again.',
      bodyUnread: true,
    },
  );
  return async (ctx) => {
    await throttle(ctx, `user:${ctx.state.session?.userId ?? 'none'}`, `address:${ctx.ip}`);
    if (!ctx.is('multipart/form-data')) throw invalidFile('Send the file as multipart/form-data in a field named file');
    if (Number(ctx.get('content-length') || 0) > limit + 64 * 1024) {
      ctx.set('Connection', 'close');
      counters.inc('gateway_contact_imports_total', { result: 'too_large' });
      throw tooLarge(limit);
    }
    const asked = askedBy(ctx);
    const report = progress.start(ctx.state.session?.userId ?? null, progressIdOf(ctx.get('x-progress-id')));
    let chunksSent = false;
    let joined: { id: number; name: string } | undefined;
    let existing: ImportExisting = 'update';
    try {
      const upload = () =>
        withUploadedFile(ctx.req, limit, async (file, filename, fields) => {
          const options = await importOptions(bus, asked, fields);
          ({ list: joined, existing } = options);
          let stored = 0;
          let sent = 0;
          const sender = createChunkSender({
            bus,
            asked,
            counters,
            waitMs: config.IMPORT_CRM_WAIT_MS,
            listId: joined?.id,
            existing,
            onStored: (n) => {
              stored = n;
              report.set(stored, sent);
            },
          });
          const errors: ImportError[] = [];
          let invalid = 0;
          let format: CsvFormat = { encoding: 'UTF-8', delimiter: ',' };
          let header: string[] = [];
          let ignoredColumns: string[] = [];
          const on = {
            format: (f: CsvFormat) => (format = f),
            header: (names: string[], ignored: string[]) => {
              header = names;
              ignoredColumns = ignored;
            },
          };
          let cellChars = 0;
          for await (const batch of readImportCsv(file, on, options.mapping, options.custom)) {
            for (const item of batch) {
              if ('row' in item) {
                sent++;
                if (sender.add(item.row)) {
                  chunksSent = true;
                  await sender.flush();
                }
              } else {
                invalid++;
                if (errors.length < IMPORT_ERRORS_KEPT) {
                  // Rows keep their cells (for the download) while they fit the answer's budget.
                  const { cells, ...named } = item.error;
                  cellChars += cells?.reduce((n, c) => n + c.length, 0) ?? 0;
                  errors.push(cells && cellChars <= IMPORT_ERROR_CELLS_MAX_CHARS ? item.error : named);
                }
              }
            }
          }
          chunksSent = true;
          report.set(stored, sent);
          const totals = await sender.finish();
          counters.inc('gateway_import_rows_total', { outcome: 'sent' }, sent);
          counters.inc('gateway_import_rows_total', { outcome: 'invalid' }, invalid);
          asked.log.info({ filename, existing, ...totals, invalid }, 'contacts imported');
          const body: ImportResult = {
            ...totals,
            invalid,
            errors,
            format,
            header,
            ignoredColumns,
            ...(joined ? { list: joined } : {}),
          };
          return body;
        });
      // The entry is stored before the first row reaches crm; rows sent before a failure stay imported.
      const result = await audited(
        knex,
        ctx.state,
        { action: 'contacts.import' },
        upload,
        (r) => ({
          ...(r.list ? { target: `list ${r.list.id}` } : {}),
          details: {
            existing,
            imported: r.imported,
            updated: r.updated,
            unchanged: r.unchanged,
            skipped: r.skipped,
            invalid: r.invalid,
          },
        }),
        () => chunksSent,
      );
      counters.inc('gateway_contact_imports_total', { result: 'ok' });
      ctx.body = result;
    } catch (err) {
      const status = err instanceof AppError ? err.status : 500;
      counters.inc('gateway_contact_imports_total', {
        result: status === 413 ? 'too_large' : status === 400 ? 'invalid_file' : 'failed',
      });
      // The rest of a refused upload is still on the socket: do not read it as the next request.
      ctx.set('Connection', 'close');
      ctx.req.unpipe();
      ctx.req.resume();
      throw err;
    } finally {
      report.finish();
    }
  };
}

/**
 * `POST /api/marketing/contacts/import/preview`: a multipart upload whose field `file` is the
 * beginning of a CSV (the dialog sends its first IMPORT_PREVIEW_BYTES), read as the import reads
 * it (previewImportCsv). Answers an ImportPreview, or the import's own 400 for a file it would
 * refuse (not a .csv, empty). A header naming no email column is answered too, to be mapped by hand.
 */
export function previewImport(bus: Bus): Middleware<GatewayState> {
  const limit = IMPORT_PREVIEW_BYTES;
  const refused = () =>
    new AppError(413, 'payload_too_large', `The preview reads the first ${limit / 1024} KB of a file: send no more`);
  return async (ctx) => {
    if (!ctx.is('multipart/form-data')) throw invalidFile('Send the file as multipart/form-data in a field named file');
    try {
      if (Number(ctx.get('content-length') || 0) > limit + 64 * 1024) throw refused();
      ctx.body = await withUploadedFile(
        ctx.req,
        limit,
        async (file) => {
          // A quarter of a megabyte at most: held whole, then read like an upload.
          const pieces: Buffer[] = [];
          for await (const piece of file) pieces.push(piece as Buffer);
          // A header may name a custom field (by its name or key).
          const custom = await callRpc(bus, RPC.crm.customFieldsList, {}, askedBy(ctx));
          return previewImportCsv(Readable.from([Buffer.concat(pieces)]), IMPORT_PREVIEW_ROWS, custom);
        },
        refused,
      );
    } catch (err) {
      // The rest of a refused upload is still on the socket: do not read it as the next request.
      ctx.set('Connection', 'close');
      ctx.req.unpipe();
      ctx.req.resume();
      throw err;
    }
  };
}

/**
 * `POST /api/marketing/contacts/import`: a multipart upload whose field `file` is a CSV. The
 * upload is streamed (busboy → csv-parse → chunks to crm), never held whole; a file over
 * IMPORT_MAX_BYTES is refused with 413 as soon as that is known. Answers `imported`, `updated`,
 * `skipped` (invalid rows), the first 100 `errors` (line and reason) and `errorCount`.
 * IMPORT_RATE_LIMIT imports per 10 minutes per staff user and per address; more are answered 429.
 * Fields sent before the file choose a list every imported contact (new or known) joins:
 * `listId`, or `newListName` (the list is made when the file starts). Under `X-Progress-Id`
 * the rows crm has stored of the rows read so far are reported while the import runs.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Middleware } from 'koa';
import { IMPORT_ERRORS_SHOWN, ImportListChoiceSchema, RPC, type ImportError, type ImportResult } from '@lp/contracts';
import { AppError, callRpc, type RpcCallOptions, type Bus } from '@lp/runtime';
import { audited } from '../../audit/record-audit.ts';
import { requestLimiter } from '../../middleware/rate-limit.ts';
import { validate } from '../../middleware/validate.ts';
import type { GatewayState } from '../../middleware/request-context.ts';
import { askedBy, type GatewayDeps } from '../../routes/context.ts';
import { invalidFile, readImportCsv } from '../../contacts/read-import-csv.ts';
import { createChunkSender } from './send-import-chunks.ts';
import { progressIdOf, type OperationProgressRegistry } from './operation-progress.ts';

const tooLarge = (limit: number) =>
  new AppError(
    413,
    'payload_too_large',
    `The file is too large: imports are limited to ${Math.floor(limit / 1024 / 1024)} MB`,
  );

/**
 * Hands the `file` part of a multipart request to `onFile` with the fields sent before it,
 * failing with 413 past `limit` bytes.
 */
function withUploadedFile<T>(
  req: IncomingMessage,
  limit: number,
  onFile: (file: Readable, filename: string, fields: Record<string, string>) => Promise<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { fileSize: limit, files: 1, fields: 10 } });
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
      file.on('limit', () => file.destroy(tooLarge(limit)));
      if (!/\.csv$/i.test(info.filename ?? '')) {
        file.resume();
        reject(invalidFile('Please upload a CSV file'));
        return;
      }
      onFile(file, info.filename ?? '', fields).then(resolve, reject);
    });
    bb.on('error', (err: Error) => reject(invalidFile(`The upload could not be read: ${err.message}`)));
    bb.on('close', () => {
      if (!started) reject(invalidFile('Please select a file to import'));
    });
    req.pipe(bb);
  });
}

/** The list the import's contacts join: the chosen one (checked by crm with each chunk) or a new one. */
async function listToJoin(
  bus: Bus,
  asked: RpcCallOptions,
  fields: Record<string, string>,
): Promise<{ id: number; name: string } | undefined> {
  const choice = validate(ImportListChoiceSchema, fields);
  if (choice.newListName) {
    const list = await callRpc(bus, RPC.crm.listCreate, { name: choice.newListName, description: null }, asked);
    return { id: list.id, name: list.name };
  }
  if (choice.listId === undefined) return undefined;
  const lists = await callRpc(bus, RPC.crm.listsList, {}, asked);
  const list = lists.find((l) => l.id === choice.listId);
  if (!list) throw new AppError(404, 'not_found', 'The list to import into no longer exists');
  return { id: list.id, name: list.name };
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
    try {
      const upload = () =>
        withUploadedFile(ctx.req, limit, async (file, filename, fields) => {
          joined = await listToJoin(bus, asked, fields);
          let stored = 0;
          let sent = 0;
          const sender = createChunkSender({
            bus,
            asked,
            counters,
            waitMs: config.IMPORT_CRM_WAIT_MS,
            listId: joined?.id,
            onStored: (n) => {
              stored = n;
              report.set(stored, sent);
            },
          });
          const errors: ImportError[] = [];
          let skipped = 0;
          for await (const batch of readImportCsv(file)) {
            for (const item of batch) {
              if ('row' in item) {
                sent++;
                if (sender.add(item.row)) {
                  chunksSent = true;
                  await sender.flush();
                }
              } else {
                skipped++;
                if (errors.length < IMPORT_ERRORS_SHOWN) errors.push(item.error);
              }
            }
          }
          chunksSent = true;
          report.set(stored, sent);
          const totals = await sender.finish();
          counters.inc('gateway_import_rows_total', { outcome: 'sent' }, sent);
          counters.inc('gateway_import_rows_total', { outcome: 'skipped' }, skipped);
          asked.log.info({ filename, ...totals, skipped }, 'contacts imported');
          const body: ImportResult = {
            ...totals,
            skipped,
            errors,
            errorCount: skipped,
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
          details: { imported: r.imported, updated: r.updated, skipped: r.skipped },
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

/**
 * The embedded database on a thread of its own. PGlite runs Postgres as WebAssembly on the
 * thread that created it and every statement runs synchronously there, so on the main thread
 * each statement holds up every HTTP request of the process for as long as it runs (a batch
 * of a thousand page views with its visits and roll-ups takes tens of milliseconds of CPU).
 * Here PGlite lives on a `worker_threads` thread and the main thread keeps only a small client
 * with the part of PGlite's interface Knex's PGlite client uses (`waitReady`, `query`,
 * `close`, `closed`): each query is posted to the thread and its result (rows, fields,
 * affected rows) posted back; a database error comes back with its SQLSTATE `code` and the
 * other fields Postgres sent, so callers sort failures exactly as on the same thread. Columns of
 * the types the platform parses itself (type-parsers.ts: numbers, dates) cross as their text and
 * are parsed here, with the same parsers `pg` uses, so the thread's JavaScript needs no copy of them.
 *
 * The thread's code is plain JavaScript given as text: it runs the same way under tsx, under
 * the test runner and from the compiled server, with the modules it loads resolved here.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parseResultText, TYPE_PARSER_OIDS } from './type-parsers.ts';

/** What a query returns, as PGlite's `Results`. */
export type ThreadResults = {
  rows: Record<string, unknown>[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
};

type Reply = { id: number; result?: ThreadResults | null; error?: Record<string, unknown> & { message: string } };

const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const toError = (err) => {
  const out = { message: String((err && err.message) || err), name: (err && err.name) || 'Error' };
  for (const [k, v] of Object.entries(err || {})) {
    if (k === 'params' || k === 'query' || v === undefined || typeof v === 'function') continue;
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  }
  return out;
};
(async () => {
  let db;
  try {
    const { PGlite } = await import(workerData.pglite);
    const { pg_trgm } = await import(workerData.pgTrgm);
    const options = { startParams: workerData.startParams, extensions: { pg_trgm } };
    if (workerData.dataDir) options.dataDir = workerData.dataDir;
    db = new PGlite(options);
    await db.waitReady;
  } catch (err) {
    parentPort.postMessage({ id: 0, error: toError(err) });
    return;
  }
  parentPort.postMessage({ id: 0, result: null });
  const asText = Object.fromEntries(workerData.textOids.map((oid) => [oid, (text) => text]));
  parentPort.on('message', async ({ id, close, sql, params, options }) => {
    try {
      if (close) {
        await db.close();
        parentPort.postMessage({ id, result: null });
        parentPort.close();
        return;
      }
      const r = await db.query(sql, params, { ...options, parsers: asText });
      parentPort.postMessage({ id, result: { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows } });
    } catch (err) {
      parentPort.postMessage({ id, error: toError(err) });
    }
  });
})();
`;

/** An error as the database reported it: message, SQLSTATE `code`, detail, constraint, … */
function errorFrom(e: Record<string, unknown> & { message: string }): Error {
  const { message, name, ...fields } = e;
  const err = Object.assign(new Error(message), fields);
  if (typeof name === 'string') err.name = name;
  return err;
}

export class PgliteThread {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, { ok: (r: ThreadResults | null) => void; fail: (e: Error) => void }>();
  private nextId = 1;
  private ended: Error | undefined;
  private isClosed = false;

  constructor(opts: { dataDir?: string; startParams: readonly string[] }) {
    const require = createRequire(import.meta.url);
    this.worker = new Worker(THREAD_CODE, {
      eval: true,
      // The thread loads only PGlite: no TypeScript loader, whatever started this process (V8's
      // flags, such as --liftoff-only, are the process's and hold on every thread). Profiling
      // flags carry over, so `node --cpu-prof` profiles the database thread too.
      execArgv: process.execArgv.filter((a) => /^--(cpu|heap)-prof/.test(a)),
      workerData: {
        dataDir: opts.dataDir,
        startParams: [...opts.startParams],
        textOids: TYPE_PARSER_OIDS,
        pglite: pathToFileURL(require.resolve('@electric-sql/pglite')).href,
        pgTrgm: pathToFileURL(require.resolve('@electric-sql/pglite/contrib/pg_trgm')).href,
      },
    });
    this.waitReady = new Promise<void>((ok, fail) => {
      this.pending.set(0, { ok: () => ok(), fail });
    });
    this.worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.error) waiting.fail(errorFrom(reply.error));
      else waiting.ok(reply.result ?? null);
    });
    const end = (err: Error) => {
      this.ended ??= err;
      this.isClosed = true;
      for (const w of this.pending.values()) w.fail(err);
      this.pending.clear();
    };
    this.worker.on('error', (err) => end(err));
    this.worker.on('exit', (code) => end(new Error(`the database thread ended (exit code ${code})`)));
  }

  get closed(): boolean {
    return this.isClosed;
  }

  private call(message: Record<string, unknown>): Promise<ThreadResults | null> {
    if (this.ended) return Promise.reject(this.ended);
    const id = this.nextId++;
    return new Promise((ok, fail) => {
      this.pending.set(id, { ok, fail });
      this.worker.postMessage({ id, ...message });
    });
  }

  async query(sql: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }): Promise<ThreadResults> {
    const r = await this.call({ sql, params, options: options?.rowMode ? { rowMode: options.rowMode } : undefined });
    return r ? parseResultText(r) : { rows: [], fields: [] };
  }

  /** Closes the database (its files are consistent on disk) and ends the thread. */
  async close(): Promise<void> {
    if (this.isClosed) return;
    await this.waitReady.catch(() => {});
    const exited = new Promise((r) => this.worker.once('exit', r));
    if (!this.ended) await this.call({ close: true });
    this.isClosed = true;
    // The thread ends by itself once the database is closed; a stuck one is ended.
    const timer = setTimeout(() => void this.worker.terminate(), 5000);
    await exited;
    clearTimeout(timer);
  }
}

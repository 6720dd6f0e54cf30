/**
 * Sends an import's rows to crm in chunks that stay under NATS's max_payload, several in flight
 * at once (crm applies them side by side on its database connections). A chunk crm did not
 * answer (a restart, a timeout) is sent again with back-off until `waitMs` has passed; crm
 * applies each (import id, seq) once, so nothing is lost or doubled.
 */
import { randomUUID } from 'node:crypto';
import { BUS_MAX_PAYLOAD_BYTES, RPC, type ImportRow } from '@lp/contracts';
import { AppError, callRpc, type Bus, type Counters, type RpcCallOptions } from '@lp/runtime';

/** Half of max_payload at most: room for the envelope. */
const CHUNK_BYTES = Math.floor(BUS_MAX_PAYLOAD_BYTES * 0.5);
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

// eslint-disable-next-line no-control-regex -- the characters JSON escapes: quote, backslash and controls
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;
/** The bytes a row adds to the chunk's JSON, without serialising it (most fields need no escaping). */
export function rowJsonBytes(row: ImportRow): number {
  let size = 2; // the brackets; each field counts the comma after it (the last one's separates rows)
  for (const field of row) {
    if (field === null) size += 5;
    else if (NEEDS_ESCAPE.test(field)) size += Buffer.byteLength(JSON.stringify(field)) + 1;
    else size += Buffer.byteLength(field) + 3;
  }
  return size;
}

export type ChunkSender = {
  /** Adds a row; true when a chunk is ready and `flush()` should be awaited before adding more. */
  add(row: ImportRow): boolean;
  /** Sends the ready chunks (waiting while IN_FLIGHT are in flight). */
  flush(): Promise<void>;
  /** Sends what is left and waits for every chunk; resolves to the totals. */
  finish(): Promise<{ imported: number; updated: number }>;
};

export function createChunkSender(opts: {
  bus: Bus;
  asked: RpcCallOptions;
  counters: Counters;
  waitMs: number;
  /** Every contact of the import joins this list. */
  listId?: number | undefined;
  /** Told the rows crm has stored so far, after each chunk it answered. */
  onStored?: (stored: number) => void;
}): ChunkSender {
  const importId = randomUUID();
  let rows: ImportRow[] = [];
  let bytes = 2;
  let seq = 0;
  const ready: ImportRow[][] = [];
  const totals = { imported: 0, updated: 0 };
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;

  const sendOnce = async (chunk: { importId: string; seq: number; rows: ImportRow[]; listId?: number }) => {
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
      const chunk = {
        importId,
        seq: seq++,
        rows: chunkRows,
        ...(opts.listId !== undefined ? { listId: opts.listId } : {}),
      };
      const p: Promise<void> = sendOnce(chunk)
        .then((r) => {
          totals.imported += r.imported;
          totals.updated += r.updated;
          opts.onStored?.(totals.imported + totals.updated);
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
      if (bytes + size > CHUNK_BYTES) cut();
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

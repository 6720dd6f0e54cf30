/**
 * Sends an import's rows to crm in chunks that stay under NATS's max_payload, two in flight at
 * once. A chunk crm did not answer (a restart, a timeout) is sent again with back-off until
 * `waitMs` has passed; crm applies each (import id, seq) once, so nothing is lost or doubled.
 */
import { randomUUID } from 'node:crypto';
import { BUS_MAX_PAYLOAD_BYTES, RPC, type ImportRow } from '@lp/contracts';
import { AppError, callRpc, type Bus, type Counters, type RpcCallOptions } from '@lp/runtime';

/** Half of max_payload: room for the envelope, and small enough that two chunks in flight keep both processes lean. */
const CHUNK_BYTES = Math.floor(BUS_MAX_PAYLOAD_BYTES * 0.5);
const CHUNK_ROWS = 2500;
const IN_FLIGHT = 2;

export type ChunkSender = {
  /** Adds a row; true when a chunk is ready and `flush()` should be awaited before adding more. */
  add(row: ImportRow): boolean;
  /** Sends the ready chunks (waiting while two are in flight). */
  flush(): Promise<void>;
  /** Sends what is left and waits for every chunk; resolves to the totals. */
  finish(): Promise<{ imported: number; updated: number }>;
};

export function createChunkSender(opts: {
  bus: Bus;
  asked: RpcCallOptions;
  counters: Counters;
  waitMs: number;
}): ChunkSender {
  const importId = randomUUID();
  let rows: ImportRow[] = [];
  let bytes = 2;
  let seq = 0;
  const ready: ImportRow[][] = [];
  const totals = { imported: 0, updated: 0 };
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;

  const sendOnce = async (chunk: { importId: string; seq: number; rows: ImportRow[] }) => {
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

  const cut = () => {
    if (rows.length === 0) return;
    ready.push(rows);
    rows = [];
    bytes = 2;
  };

  const flush = async () => {
    for (let chunkRows = ready.shift(); chunkRows; chunkRows = ready.shift()) {
      while (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
      if (failure) throw failure;
      const chunk = { importId, seq: seq++, rows: chunkRows };
      const p: Promise<void> = sendOnce(chunk)
        .then((r) => {
          totals.imported += r.imported;
          totals.updated += r.updated;
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
      const size = Buffer.byteLength(JSON.stringify(row)) + 1;
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
      if (failure) throw failure;
      return totals;
    },
  };
}

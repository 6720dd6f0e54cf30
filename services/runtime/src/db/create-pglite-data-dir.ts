/**
 * Creates an empty embedded database (PGlite's initdb) in a data folder, once. Run it in a
 * short-lived child process (`scripts/start.ts` does): initdb grows the WASM heap of its
 * process to about 800 MB, and a WASM heap is never given back, so the long-running product
 * only ever opens an existing folder. The cluster is made in a scratch folder inside the data
 * folder (same file system, even when the data folder is a mount point) and moved up with
 * PG_VERSION last: PGlite takes a folder holding PG_VERSION for a finished database, so a crash
 * half-way leaves a folder the next start creates again.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createPglite } from './database.ts';

const SCRATCH = '.pglite-creating-';

/** True when the folder already holds a database (nothing to create). */
export function hasPgliteDataDir(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/** Creates the database in `dataDir` unless one is there; returns whether it created one. */
export async function createPgliteDataDir(dataDir: string): Promise<boolean> {
  const target = resolve(dataDir);
  if (hasPgliteDataDir(target)) return false;
  mkdirSync(target, { recursive: true });
  for (const e of readdirSync(target))
    if (e.startsWith(SCRATCH)) rmSync(join(target, e), { recursive: true, force: true });
  const scratch = mkdtempSync(join(target, SCRATCH));
  try {
    const pglite = createPglite(scratch);
    await pglite.waitReady;
    await pglite.close();
    const entries = readdirSync(scratch).filter((e) => e !== 'PG_VERSION');
    for (const e of entries) {
      rmSync(join(target, e), { recursive: true, force: true });
      renameSync(join(scratch, e), join(target, e));
    }
    renameSync(join(scratch, 'PG_VERSION'), join(target, 'PG_VERSION'));
    return true;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * `node --import tsx scripts/create-data-dir.ts <folder>`: creates the embedded database in a
 * data folder that has none, then exits (see services/runtime/src/db/create-pglite-data-dir.ts
 * for why this runs in a process of its own). `scripts/start.ts` runs it on a first start.
 */
import { createPgliteDataDir } from '@lp/runtime/db/create-pglite-data-dir';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: create-data-dir.ts <folder>\n');
  process.exit(2);
}
const started = performance.now();
if (await createPgliteDataDir(dir))
  process.stdout.write(`  Created the embedded database in ${dir} (${Math.round(performance.now() - started)} ms)\n`);

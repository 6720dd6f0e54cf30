import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgliteDataDir, hasPgliteDataDir } from './create-pglite-data-dir.ts';
import { openPglite } from './database.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('createPgliteDataDir', () => {
  it('recreates a database an interrupted first start left half-made, keeping other files', async () => {
    dir = mkdtempSync(join(tmpdir(), 'lpl-pgdata-'));
    // What a crash during creation leaves: a scratch folder and part of the cluster, no PG_VERSION.
    mkdirSync(join(dir, '.pglite-creating-x1y2z3', 'base'), { recursive: true });
    mkdirSync(join(dir, 'global'));
    writeFileSync(join(dir, 'global', 'pg_control'), 'torn');
    writeFileSync(join(dir, 'first-admin.txt'), 'kept');
    expect(hasPgliteDataDir(dir)).toBe(false);

    expect(await createPgliteDataDir(dir)).toBe(true);
    expect(hasPgliteDataDir(dir)).toBe(true);
    expect(readdirSync(dir).filter((e) => e.startsWith('.pglite-creating-'))).toEqual([]);
    expect(readFileSync(join(dir, 'first-admin.txt'), 'utf8')).toBe('kept');

    const db = await openPglite({ dataDir: dir });
    try {
      const shared = await db.knex.raw<{ rows: { shared_buffers: string }[] }>('show shared_buffers');
      expect(shared.rows[0]?.shared_buffers).toBe('16MB');
    } finally {
      await db.close();
    }
    expect(await createPgliteDataDir(dir)).toBe(false);
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
  }, 60_000);
});

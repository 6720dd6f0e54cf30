/** The embedded database on its own thread answers exactly as on the caller's thread. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './database.ts';
import { isPermanentDbError } from './rethrow-db-error.ts';

describe('PGlite on a thread of its own', () => {
  let dir: string;
  let db: Database;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lpl-pgthread-'));
    db = await openPglite({ dataDir: dir });
    await db.knex.raw(
      'create table t (id int primary key, at timestamptz not null, doc jsonb, bin bytea, n bigint, tags text[])',
    );
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('round-trips dates, JSON, bytes, bigints and arrays, and counts affected rows', async () => {
    const at = new Date('2026-11-24T03:00:00.123Z');
    await db.knex('t').insert({
      id: 1,
      at,
      doc: JSON.stringify({ a: [1, 'x'] }),
      bin: Buffer.from([0, 1, 255]),
      n: 42,
      tags: ['a', 'b'],
    });
    const row = await db.knex('t').where({ id: 1 }).first();
    expect(row.at).toEqual(at);
    expect(row.doc).toEqual({ a: [1, 'x'] });
    expect([...row.bin]).toEqual([0, 1, 255]);
    expect(Number(row.n)).toBe(42);
    expect(row.tags).toEqual(['a', 'b']);
    expect(await db.knex('t').where({ id: 1 }).update({ n: 43 })).toBe(1);
  });

  it('reports a database error with its SQLSTATE, so consumers sort it as on the same thread', async () => {
    const err = await db
      .knex('t')
      .insert({ id: 1, at: new Date() })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as { code?: string }).code).toBe('23505');
    expect((err as { constraint?: string }).constraint).toBe('t_pkey');
    expect(isPermanentDbError(err)).toBe(true);
  });

  it('rolls a failed transaction back and keeps serving', async () => {
    await expect(
      db.knex.transaction(async (trx) => {
        await trx('t').insert({ id: 2, at: new Date() });
        await trx.raw('select 1/0');
      }),
    ).rejects.toMatchObject({ code: '22012' });
    expect(await db.knex('t').where({ id: 2 })).toEqual([]);
    expect((await db.knex.raw<{ rows: { one: number }[] }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('keeps what it stored across a close and a reopen of the data folder', async () => {
    await db.close();
    db = await openPglite({ dataDir: dir });
    expect(await db.knex('t').pluck('id')).toEqual([1]);
  }, 60_000);
});

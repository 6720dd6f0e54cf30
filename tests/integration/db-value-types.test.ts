/**
 * Both database drivers read a value into the same JavaScript value of the same type (the
 * platform's parsers, services/runtime/src/db/type-parsers.ts): PostgreSQL through `pg`, PGlite
 * on the caller's thread, and PGlite on a thread of its own (the embedded product), so a row type
 * declares one type per column and no query normalises what it reads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '@lp/runtime';
import { realDatabase } from '../support/stack.ts';

const real = inject('realBackends');

const SQL = `
  select count(*) as n, avg(x) as mean, sum(x)::bigint as total,
         array[1, 2, null]::bigint[] as ids, array[1.5, null, 2]::numeric[] as rates,
         timestamptz '2026-11-24 03:00:00.123+00' as at, timestamp '2026-11-24 03:00:00' as wall_clock,
         date '2026-11-24' as day, '{"a": [1, "x"]}'::jsonb as doc, null::bigint as nothing,
         null::timestamptz as never
    from (values (1), (2), (4)) v(x)`;

/** The row, and each column's JavaScript type (a Date, an array, null told apart from objects). */
async function read(db: Database) {
  const { rows } = (await db.knex.raw(SQL)) as { rows: Record<string, unknown>[] };
  const row = rows[0]!;
  const types = Object.fromEntries(
    Object.entries(row).map(([k, v]) => [
      k,
      v === null ? 'null' : Array.isArray(v) ? 'array' : v instanceof Date ? 'Date' : typeof v,
    ]),
  );
  return { row, types };
}

const EXPECTED_TYPES = {
  n: 'number',
  mean: 'number',
  total: 'number',
  ids: 'array',
  rates: 'array',
  at: 'Date',
  wall_clock: 'Date',
  day: 'Date',
  doc: 'object',
  nothing: 'null',
  never: 'null',
};

describe('the database drivers read values alike', () => {
  const dbs: Database[] = [];
  let here: Database;
  let dir: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lp-db-types-'));
    here = await openPglite();
    dbs.push(here);
  });
  afterAll(async () => {
    await Promise.all(dbs.map((d) => d.close()));
    await drop?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('PGlite on this thread: numbers, number arrays, dates as pg reads them', async () => {
    const { row, types } = await read(here);
    expect(types).toEqual(EXPECTED_TYPES);
    expect(row).toEqual({
      n: 3,
      mean: 7 / 3,
      total: 7,
      ids: [1, 2, null],
      rates: [1.5, null, 2],
      at: new Date('2026-11-24T03:00:00.123Z'),
      // A timestamp without zone and a date are that wall-clock time where the process runs.
      wall_clock: new Date(2026, 10, 24, 3, 0, 0),
      day: new Date(2026, 10, 24),
      doc: { a: [1, 'x'] },
      nothing: null,
      never: null,
    });
  });

  it('PGlite on its own thread answers the same values', async () => {
    const thread = await openPglite({ dataDir: dir!, thread: true });
    dbs.push(thread);
    expect(await read(thread)).toStrictEqual(await read(here));
  }, 60_000);

  it.skipIf('unavailable' in real)('PostgreSQL through pg answers the same values', async () => {
    if ('unavailable' in real) return;
    const created = await realDatabase(real.databaseUrl);
    drop = created.drop;
    const pg = await openPostgres(created.url, 1);
    dbs.push(pg);
    expect(await read(pg)).toStrictEqual(await read(here));
  });
});

/**
 * Every service process and the gateway migrate the shared `bus` schema at start-up; in
 * distributed mode they start together, so concurrent migrations of one schema must all succeed.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { BUS_MIGRATIONS_DIR, migrate, openPostgres, type Database } from '@lp/runtime';
import { describeOnRealBackends } from '../support/stack.ts';

describeOnRealBackends('migrations started by several processes at once (PostgreSQL)', (real) => {
  const name = `lp_test_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: real.databaseUrl });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  const dbs: Database[] = [];
  afterAll(async () => {
    await Promise.all(dbs.map((d) => d.close()));
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('all succeed and apply each migration once', async () => {
    await admin(`create database ${name}`);
    const url = new URL(real.databaseUrl);
    url.pathname = `/${name}`;
    for (let i = 0; i < 5; i++) dbs.push(await openPostgres(url.toString(), 3));
    const results = await Promise.all(dbs.map((d) => migrate(d.knex, 'bus', BUS_MIGRATIONS_DIR)));
    const applied = results.flat();
    expect(new Set(applied).size).toBe(applied.length);
    expect(applied.length).toBeGreaterThanOrEqual(2);
    const tables = await dbs[0]!.knex('pg_tables').where({ schemaname: 'bus' }).pluck('tablename');
    expect(tables.sort()).toEqual([
      'consumers',
      'dead_letters',
      'knex_migrations',
      'knex_migrations_lock',
      'large_payloads',
      'messages',
    ]);
  });

  it('all succeed with one connection per process (DB_POOL_MAX=1)', async () => {
    const single = `${name}_single`;
    await admin(`create database ${single}`);
    try {
      const url = new URL(real.databaseUrl);
      url.pathname = `/${single}`;
      const procs: Database[] = [];
      for (let i = 0; i < 5; i++) procs.push(await openPostgres(url.toString(), 1));
      try {
        const results = await Promise.allSettled(procs.map((d) => migrate(d.knex, 'bus', BUS_MIGRATIONS_DIR)));
        expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
        const applied = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
        expect(new Set(applied).size).toBe(applied.length);
      } finally {
        await Promise.all(procs.map((d) => d.close()));
      }
    } finally {
      await admin(`drop database if exists ${single} with (force)`);
    }
  });
});

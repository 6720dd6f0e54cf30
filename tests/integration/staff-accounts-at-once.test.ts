/**
 * The same username added twice at once (two owners on the Staff screen, or `pnpm
 * admin:create-user` run twice): one account, and the other attempt is a 409 (or, for the
 * operator's command, a password change), never a duplicate-key failure. PostgreSQL only: PGlite
 * serves one connection, so its transactions never overlap. Both attempts are held at their
 * insert by a table lock until both have looked, which is the interleaving that used to fail.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GATEWAY_MIGRATIONS_DIR, upsertStaffUser } from '@lp/gateway';
import { createStaffAccount } from '@lp/gateway/staff-api/manage-staff-accounts';
import { AppError, migrate, openPostgres, type Database } from '@lp/runtime';
import { eventually, realDatabase, describeOnRealBackends } from '../support/stack.ts';

/** Accounts made as `pnpm admin:create-user` makes them. */
const CLI = { actorId: null, actor: 'cli' };

describeOnRealBackends('staff accounts added at once (PostgreSQL)', (real) => {
  let db: Database;
  let drop: () => Promise<void>;
  let url: string;
  let owner: Parameters<typeof createStaffAccount>[1];
  beforeAll(async () => {
    const created = await realDatabase(real.databaseUrl);
    ({ drop, url } = created);
    db = await openPostgres(url, 6);
    await migrate(db.knex, 'gateway', GATEWAY_MIGRATIONS_DIR);
    const { id } = await upsertStaffUser(db.knex, 'the-owner', 'Owner-of-lots-2026', CLI);
    owner = { session: { userId: id, username: 'the-owner', sessionId: 0, role: 'owner' }, reqId: 'test' };
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  /** Runs `attempts` while inserts into staff_users wait, released once all of them wait. */
  async function atOnce<T>(attempts: (() => Promise<T>)[]): Promise<PromiseSettledResult<T>[]> {
    const lock = new pg.Client({ connectionString: url });
    await lock.connect();
    try {
      await lock.query('begin');
      // Reads go on; inserts wait.
      await lock.query('lock table gateway.staff_users in share row exclusive mode');
      const settled = Promise.allSettled(attempts.map((fn) => fn()));
      await eventually(
        async () => {
          // The activity view is read once per transaction unless its snapshot is cleared.
          await lock.query('select pg_stat_clear_snapshot()');
          const { rows } = await lock.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          );
          return rows[0]!.n >= attempts.length ? true : undefined;
        },
        30_000,
        'every attempt waiting at its insert',
      );
      await lock.query('commit');
      return await settled;
    } finally {
      await lock.end();
    }
  }

  it('two owners adding the same name: one account, and the other is told it exists (409)', async () => {
    const name = `dana-${randomBytes(3).toString('hex')}`;
    const add = () =>
      createStaffAccount(db.knex, owner, { username: name, password: 'Canyon-Sunrise-48', role: 'staff' });
    const results = await atOnce([add, add]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(AppError);
    expect((refused?.reason as AppError).status).toBe(409);
    expect(await db.knex.withSchema('gateway').table('staff_users').where({ username: name })).toHaveLength(1);
  }, 60_000);

  it('pnpm admin:create-user twice at once for a new name: one account, both runs succeed', async () => {
    const name = `ops-${randomBytes(3).toString('hex')}`;
    const run = () => upsertStaffUser(db.knex, name, 'Desert-Wind-Gauge-9', CLI);
    const results = await atOnce([run, run]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const values = results.map((r) => (r.status === 'fulfilled' ? r.value.created : null)).sort();
    expect(values).toEqual([false, true]);
    expect(await db.knex.withSchema('gateway').table('staff_users').where({ username: name })).toHaveLength(1);
  }, 60_000);
});

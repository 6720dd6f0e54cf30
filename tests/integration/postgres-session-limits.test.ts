/**
 * A service's PostgreSQL sessions end themselves when left idle inside a transaction
 * (DB_IDLE_IN_TRANSACTION_TIMEOUT_MS): a client that vanished mid-transaction cannot hold its
 * locks for ever. Statements have no time limit unless DB_STATEMENT_TIMEOUT_MS asks for one.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { openPostgres, parseConfig, serviceEnvEntries, sessionLimitsOf, type Database } from '@lp/runtime';
import * as v from 'valibot';
import { describeOnRealBackends } from '../support/stack.ts';

describeOnRealBackends('PostgreSQL session limits', (real) => {
  const table = `lp_session_limits_${randomBytes(4).toString('hex')}`;
  const dbs: Database[] = [];
  const other = new pg.Client({ connectionString: real.databaseUrl });
  afterAll(async () => {
    await other.query(`drop table if exists ${table}`);
    await other.end();
    await Promise.all(dbs.map((d) => d.close()));
  });

  it('sets the configured limits on every session, one minute idle in a transaction by default', async () => {
    const config = parseConfig(v.object(serviceEnvEntries), { NATS_URL: 'nats://x', DATABASE_URL: real.databaseUrl });
    const db = await openPostgres(real.databaseUrl, 2, sessionLimitsOf(config));
    dbs.push(db);
    const show = async (name: string) =>
      ((await db.knex.raw(`show ${name}`)) as { rows: Record<string, string>[] }).rows[0]![name];
    expect(await show('idle_in_transaction_session_timeout')).toBe('1min');
    expect(await show('statement_timeout')).toBe('0');

    const strict = await openPostgres(real.databaseUrl, 1, { idleInTransactionTimeoutMs: 0, statementTimeoutMs: 200 });
    dbs.push(strict);
    await expect(strict.knex.raw('select pg_sleep(1)')).rejects.toThrow(/statement timeout/);
  });

  it('releases the row locks of a transaction its client abandoned', async () => {
    await other.connect();
    await other.query(`create table ${table} (id int primary key, n int not null)`);
    await other.query(`insert into ${table} values (1, 0)`);
    const db = await openPostgres(real.databaseUrl, 1, { idleInTransactionTimeoutMs: 300, statementTimeoutMs: 0 });
    dbs.push(db);
    // A client locks the row and then goes quiet without committing (it hung or vanished).
    const trx = await db.knex.transaction();
    await trx.raw(`select n from ${table} where id = 1 for update`);

    await other.query(`set lock_timeout = '10s'`);
    const started = Date.now();
    await other.query(`update ${table} set n = n + 1 where id = 1`);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await other.query(`select n from ${table}`)).rows[0]).toEqual({ n: 1 });
    await expect(trx.raw('select 1')).rejects.toThrow();
    await trx.rollback().catch(() => {});
  });
});

/**
 * Replicas started together on a new database: every gateway (with ADMIN_USERNAME set) runs the
 * first-start work at once, and every content and inventory replica migrates (and so seeds) its
 * schema at once. All of them start, and exactly one staff account, one set of blog articles and
 * one set of lots exist. On PostgreSQL with four pools, as four processes; on PGlite (one process
 * serves it, and migrates it alone) four first-administrator calls at once.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { contentService } from '@lp/content';
import { GATEWAY_MIGRATIONS_DIR } from '@lp/gateway';
import { verifyPassword } from '@lp/gateway/auth/passwords';
import { ensureFirstAdmin } from '@lp/gateway/queries/ensure-first-admin';
import { inventoryService } from '@lp/inventory';
import { createPglite, migrate, openPglite, openPostgres, type Database, type Knex } from '@lp/runtime';
import { realDatabase } from '../support/stack.ts';

const real = inject('realBackends');
const REPLICAS = 4;
const ADMIN = { username: 'owner', password: 'Four-at-once-2026' };

const countOf = async (knex: Knex, schema: string, table: string) => {
  const [row] = await knex.withSchema(schema).table(table).count<{ count: string }[]>({ count: '*' });
  return Number(row?.count);
};

/** What each replica does before it listens: its migrations, then the first administrator. */
async function firstStart(knex: Knex) {
  await migrate(knex, 'gateway', GATEWAY_MIGRATIONS_DIR);
  for (const def of [contentService, inventoryService]) await migrate(knex, def.schema, def.migrationsDir);
  return ensureFirstAdmin(knex, ADMIN);
}

/** Every replica started, one said it created the account, and the one account is the owner. */
async function expectOneAccount(knex: Knex, results: PromiseSettledResult<unknown>[]) {
  expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
  const created = results.filter((r) => r.status === 'fulfilled' && (r.value as { created: boolean }).created);
  expect(created).toHaveLength(1);
  const users = await knex.withSchema('gateway').table('staff_users').select('username', 'role', 'password_hash');
  expect(users.map((u: { username: string; role: string }) => [u.username, u.role])).toEqual([
    [ADMIN.username, 'owner'],
  ]);
  return users[0] as { password_hash: string };
}

describe('replicas starting together on a new database', () => {
  const dbs: Database[] = [];
  let drop: (() => Promise<void>) | undefined;
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dbs.map((d) => d.close()));
    await drop?.();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it.skipIf('unavailable' in real)(
    'PostgreSQL: four gateways, contents and inventories all start; one account, one seed set',
    async () => {
      if ('unavailable' in real) return;
      const db = await realDatabase(real.databaseUrl);
      drop = db.drop;
      for (let i = 0; i < REPLICAS; i++) dbs.push(await openPostgres(db.url, 3));
      const results = await Promise.allSettled(dbs.map((d) => firstStart(d.knex)));
      const user = await expectOneAccount(dbs[0]!.knex, results);
      expect(await verifyPassword(ADMIN.password, user.password_hash)).toBe(true);
      expect(await countOf(dbs[0]!.knex, 'content', 'articles')).toBe(6);
      expect(await countOf(dbs[0]!.knex, 'inventory', 'lots')).toBe(30);
    },
    60_000,
  );

  it('PGlite: four first-administrator calls at once create one account, from ADMIN_* or generated', async () => {
    const db = await openPglite({ pglite: createPglite() });
    dbs.push(db);
    await migrate(db.knex, 'gateway', GATEWAY_MIGRATIONS_DIR);
    const all = <T>(fn: () => Promise<T>) => Promise.allSettled(Array.from({ length: REPLICAS }, fn));
    await expectOneAccount(db.knex, await all(() => ensureFirstAdmin(db.knex, ADMIN)));

    // Without ADMIN_*, the one generated password is the one in the file.
    await db.knex.withSchema('gateway').table('staff_users').delete();
    const dir = mkdtempSync(join(tmpdir(), 'lp-first-admin-'));
    dirs.push(dir);
    const generated = await all(() => ensureFirstAdmin(db.knex, { generateInto: dir }));
    expect(generated.filter((r) => r.status === 'fulfilled' && r.value.created)).toHaveLength(1);
    const password = /password: (\S+)/.exec(readFileSync(join(dir, 'first-admin.txt'), 'utf8'))?.[1] ?? '';
    const users = await db.knex.withSchema('gateway').table('staff_users').select('password_hash');
    expect(users).toHaveLength(1);
    expect(await verifyPassword(password, (users[0] as { password_hash: string }).password_hash)).toBe(true);
  }, 120_000);
});

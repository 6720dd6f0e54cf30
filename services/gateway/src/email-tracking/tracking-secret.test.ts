import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, openPglite, type Database, type Knex } from '@lp/runtime';
import { createTrackingSecret } from './tracking-secret.ts';

const log = createLogger('test', 'silent');

describe('createTrackingSecret', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
  }, 60_000);
  afterAll(() => db?.close());

  it('answers TRACKING_SECRET when configured, without reading the database', async () => {
    const noDatabase = {} as Knex;
    expect(await createTrackingSecret(noDatabase, 'configured-secret-0123', log).get()).toBe('configured-secret-0123');
  });

  it("reads the mailer's generated key once it exists, keeps it, and retries no sooner than retryMs", async () => {
    let now = 0;
    const secret = createTrackingSecret(db.knex, undefined, log, { retryMs: 1000, now: () => now });
    // The mailer's schema is not migrated yet: nothing to verify with.
    expect(await secret.get()).toBeUndefined();
    await db.knex.raw(`create schema mailer`);
    await db.knex.raw(`create table mailer.settings (key text primary key, value text)`);
    await db.knex.raw(`insert into mailer.settings values ('tracking_secret', 'generated-key')`);
    now = 999;
    expect(await secret.get()).toBeUndefined();
    now = 1000;
    expect(await secret.get()).toBe('generated-key');
    // Kept for the life of the process: never read again.
    await db.knex.raw(`drop schema mailer cascade`);
    expect(await secret.get()).toBe('generated-key');
  });
});

/**
 * The dashboard's month-over-month counters start the month in the site's time zone: at 23:30 on
 * the last evening of November in Arizona it is already December in UTC, and November still counts.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate, openPglite, type Database } from '@lp/runtime';
import { countCrmStats } from './count-crm-stats.ts';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));
let db: Database;
beforeAll(async () => {
  db = await openPglite();
  await migrate(db.knex, 'crm', MIGRATIONS);
  await db.knex
    .withSchema('crm')
    .table('contacts')
    .insert([
      // October, in any zone.
      {
        email: 'oct@example.com',
        first_name: 'O',
        last_name: 'Ct',
        source: 'test',
        created_at: '2026-10-20T18:00:00Z',
      },
      // 30 November: 16:00 in Arizona (UTC-7), 23:00 in UTC.
      {
        email: 'nov30@example.com',
        first_name: 'N',
        last_name: 'Ov',
        source: 'test',
        created_at: '2026-11-30T23:00:00Z',
      },
    ]);
}, 60_000);
afterAll(() => db?.close());

const lastEveningOfNovemberInArizona = new Date('2026-12-01T06:30:00Z'); // 23:30 on 30 November, UTC-7

it('counts what stood before this month began in the site time zone', async () => {
  const arizona = await countCrmStats(db.knex, 'America/Phoenix', lastEveningOfNovemberInArizona);
  expect(arizona.totalContacts).toBe(2);
  // Still November in Arizona: only October's contact was there when the month began.
  expect(arizona.lastMonth.totalContacts).toBe(1);
});

it('moves the month with the zone: in UTC the same instant is December, and both came before it began', async () => {
  const utc = await countCrmStats(db.knex, 'UTC', lastEveningOfNovemberInArizona);
  expect(utc.lastMonth.totalContacts).toBe(2);
});

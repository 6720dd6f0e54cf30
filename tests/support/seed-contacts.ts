/**
 * A contact list at real volume for browser and integration tests: `count` contacts written in
 * one statement (a second on PGlite for 50,000), with first and last names drawn from lists that
 * include accented ones, e-mails `<first>.<last>.<n>@example.com`, some phones, a few statuses.
 * The named people in `SEEDED_PEOPLE` sit among the oldest rows, so a screen that only looks at
 * the newest contacts does not find them.
 */
import type { Stack } from './stack.ts';

const FIRST = [
  'Ava',
  'Ben',
  'Cora',
  'Dev',
  'Elif',
  'Finn',
  'Gus',
  'Hana',
  'Ivo',
  'Juno',
  'Kai',
  'Lena',
  'Milo',
  'Noor',
];
const LAST = ['Reyes', 'Okafor', 'Lindqvist', 'Begay', 'Tanaka', 'Moreau', 'Novak', 'Yazzie', 'Silva', 'Kowalski'];

/** People placed at the start of the seeded rows, found only by a search that reaches every contact. */
export const SEEDED_PEOPLE = [
  { firstName: 'Dana', lastName: 'Nash', email: 'dana.nash@example.com' },
  { firstName: 'María', lastName: 'García', email: 'maria.garcia@example.com' },
  { firstName: 'Søren', lastName: 'Ødegård', email: 'soren@example.org' },
] as const;

/** Writes `count` contacts (the `SEEDED_PEOPLE` first); answers how many the table holds afterwards. */
export async function seedContacts(stack: Pick<Stack, 'platform'>, count = 50_000): Promise<number> {
  const knex = stack.platform.db.knex;
  await knex
    .withSchema('crm')
    .table('contacts')
    .insert(
      SEEDED_PEOPLE.map((p) => ({
        email: p.email,
        first_name: p.firstName,
        last_name: p.lastName,
        source: 'csv_import',
        created_at: new Date('2026-01-01T00:00:00Z'),
        updated_at: new Date('2026-01-01T00:00:00Z'),
      })),
    );
  const first = `(array[${FIRST.map((f) => `'${f}'`).join(',')}])`;
  const last = `(array[${LAST.map((l) => `'${l}'`).join(',')}])`;
  await knex.raw(
    `insert into crm.contacts (email, first_name, last_name, phone, status, source, created_at, updated_at)
     select lower(${first}[1 + i % ${FIRST.length}] || '.' || ${last}[1 + (i / ${FIRST.length}) % ${LAST.length}]) || '.' || i || '@example.com',
            ${first}[1 + i % ${FIRST.length}],
            ${last}[1 + (i / ${FIRST.length}) % ${LAST.length}],
            case when i % 3 = 0 then '(928) 555-' || lpad((i % 10000)::text, 4, '0') end,
            case when i % 50 = 0 then 'unsubscribed' when i % 97 = 0 then 'bounced' else 'subscribed' end,
            'csv_import',
            timestamptz '2026-02-01T00:00:00Z' + i * interval '1 minute',
            timestamptz '2026-02-01T00:00:00Z' + i * interval '1 minute'
       from generate_series(1, ?::int) as i`,
    [count - SEEDED_PEOPLE.length],
  );
  const [{ n }] = (await knex.withSchema('crm').table('contacts').count({ n: '*' })) as [{ n: string | number }];
  return Number(n);
}

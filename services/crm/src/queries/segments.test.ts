/**
 * Saved segments on PGlite through crm's queries: made, renamed and refiltered with the version
 * (a stale edit refused), names unique in any case, counted saved and unsaved, paged newest
 * first, and used as a send's audience: only mailable contacts, resolved as the segment stands.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppError, migrate, openPglite, type Database } from '@lp/runtime';
import * as v from 'valibot';
import { SegmentFormSchema, SegmentUpdateSchema, type SegmentFormInput } from '@lp/contracts';
import { countAudience } from './count-audience.ts';
import { countSegment } from './count-segment.ts';
import { createSegment } from './create-segment.ts';
import { deleteSegment } from './delete-segment.ts';
import { getSegment } from './get-segment.ts';
import { listSegmentContacts } from './list-segment-contacts.ts';
import { listSegments } from './list-segments.ts';
import { resolveAudience } from './resolve-audience.ts';
import { updateSegment } from './update-segment.ts';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));
let db: Database;
beforeAll(async () => {
  db = await openPglite();
  await migrate(db.knex, 'crm', MIGRATIONS);
  const statuses = ['subscribed', 'unsubscribed', 'subscribed', 'bounced', 'subscribed', 'other'];
  await db.knex
    .withSchema('crm')
    .table('contacts')
    .insert(
      statuses.map((status, i) => ({ email: `p${i}@example.com`, status, source: 'manual_entry', tags: ['vip'] })),
    );
}, 60_000);
afterAll(() => db?.close());

const make = (s: SegmentFormInput) => createSegment(db.knex, v.parse(SegmentFormSchema, s));
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? { status: e.status, message: e.message } : e),
  );
const vip = { conditions: [{ field: 'tag' as const, op: 'has' as const, tag: 'vip' }] };

it('makes, reads, lists, changes with the version and deletes a segment', async () => {
  const s = await make({ name: 'VIPs', filter: vip });
  expect(s).toMatchObject({ name: 'VIPs', version: 1, filter: { match: 'all', conditions: [{ tag: 'vip' }] } });
  expect(await getSegment(db.knex, s.id)).toEqual(s);
  expect(await failure(make({ name: 'vips', filter: vip }))).toEqual({
    status: 409,
    message: 'A segment named VIPs already exists',
  });
  const changed = await updateSegment(
    db.knex,
    s.id,
    v.parse(SegmentUpdateSchema, { name: 'VIP subscribers', filter: { ...vip, match: 'any' }, version: 1 }),
  );
  expect(changed).toMatchObject({ name: 'VIP subscribers', version: 2, filter: { match: 'any' } });
  expect(
    await failure(updateSegment(db.knex, s.id, v.parse(SegmentUpdateSchema, { name: 'X', filter: vip, version: 1 }))),
  ).toEqual({ status: 409, message: 'This segment was changed since you opened it' });
  expect((await listSegments(db.knex)).map((x) => x.name)).toEqual(['VIP subscribers']);
  expect(await deleteSegment(db.knex, s.id)).toEqual({ deleted: true });
  expect(await deleteSegment(db.knex, s.id)).toEqual({ deleted: false });
  expect(await failure(getSegment(db.knex, s.id))).toEqual({ status: 404, message: 'Segment not found' });
});

it('counts a saved segment and an unsaved filter, and pages its contacts newest first', async () => {
  const s = await make({ name: 'Everyone tagged', filter: vip });
  expect(await countSegment(db.knex, { id: s.id }, { timeZone: 'UTC' })).toEqual({ count: 6 });
  const subscribed = v.parse(SegmentFormSchema, {
    name: 'x',
    filter: { conditions: [{ field: 'status', op: 'is', value: 'subscribed' }] },
  }).filter;
  expect(await countSegment(db.knex, { filter: subscribed }, { timeZone: 'UTC' })).toEqual({ count: 3 });
  const first = await listSegmentContacts(db.knex, { id: s.id, limit: 4 }, { timeZone: 'UTC' });
  expect(first.total).toBe(6);
  expect(first.contacts.map((c) => c.email)).toEqual([
    'p5@example.com',
    'p4@example.com',
    'p3@example.com',
    'p2@example.com',
  ]);
  const second = await listSegmentContacts(
    db.knex,
    { id: s.id, limit: 4, cursor: first.nextCursor! },
    { timeZone: 'UTC' },
  );
  expect(second.contacts.map((c) => c.email)).toEqual(['p1@example.com', 'p0@example.com']);
  expect(second.nextCursor).toBeNull();
});

it('resolves a segment as an audience to its mailable contacts only', async () => {
  const s = await make({ name: 'Tagged, for a send', filter: vip });
  // Six tagged: one unsubscribed and one bounced are never mailed ('other' is).
  expect(await countAudience(db.knex, { segmentId: s.id })).toEqual({ count: 4 });
  const page = await resolveAudience(db.knex, { audience: { segmentId: s.id }, afterId: 0, limit: 3 });
  expect(page.contacts.map((c) => c.email)).toEqual(['p0@example.com', 'p2@example.com', 'p4@example.com']);
  const rest = await resolveAudience(db.knex, {
    audience: { segmentId: s.id },
    afterId: page.contacts[2]!.id,
    limit: 3,
  });
  expect(rest.contacts.map((c) => c.email)).toEqual(['p5@example.com']);
  // Deleted before its send starts: nobody, as a deleted list.
  expect(await countAudience(db.knex, { segmentId: 9999 })).toEqual({ count: 0 });
  expect(await resolveAudience(db.knex, { audience: { segmentId: 9999 }, afterId: 0, limit: 3 })).toEqual({
    contacts: [],
  });
});

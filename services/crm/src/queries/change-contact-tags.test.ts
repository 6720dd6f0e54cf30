/**
 * A journey's tag steps on PGlite, through crm's own queries: a tag added and taken off, each
 * as often as the engine redoes it with the same outcome; a contact at the most tags skipped and
 * named while the others change; a change moving the contact's version on (a dialog opened
 * before gets the stale-edit 409); the journey's read of mailable and tagged contacts.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as v from 'valibot';
import { AppError, migrate, openPglite, type Database } from '@lp/runtime';
import { ContactCreateSchema, ContactUpdateSchema, TAGS_MAX, type ContactCreateInput } from '@lp/contracts';
import { changeContactTags } from './change-contact-tags.ts';
import { createContact } from './create-contact.ts';
import { getContact } from './get-contact.ts';
import { readJourneyContacts } from './read-journey-contacts.ts';
import { updateContact } from './update-contact.ts';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));
let db: Database;
beforeAll(async () => {
  db = await openPglite();
  await migrate(db.knex, 'crm', MIGRATIONS);
}, 60_000);
afterAll(() => db?.close());

const add = (c: ContactCreateInput) => createContact(db.knex, v.parse(ContactCreateSchema, c));

it('adds a tag and takes it off, idempotently, skipping a contact at the most tags', async () => {
  const a = await add({ email: 'a@tags.test', tags: ['lake view'] });
  const b = await add({ email: 'b@tags.test', tags: ['hot'] });
  const full = await add({ email: 'full@tags.test', tags: Array.from({ length: TAGS_MAX }, (_, i) => `t${i}`) });
  const ids = [a.id, b.id, full.id, 999_999];

  expect(await changeContactTags(db.knex, { tag: 'hot', action: 'add', contactIds: ids })).toEqual({
    changed: 1,
    unchanged: 1,
    missing: 1,
    full: [full.id],
  });
  expect((await getContact(db.knex, a.id)).tags).toEqual(['lake view', 'hot']);
  expect((await getContact(db.knex, full.id)).tags).toHaveLength(TAGS_MAX);
  // The engine redoing the step changes nothing more.
  expect(await changeContactTags(db.knex, { tag: 'hot', action: 'add', contactIds: ids })).toMatchObject({
    changed: 0,
    unchanged: 2,
  });

  expect(await changeContactTags(db.knex, { tag: 'hot', action: 'remove', contactIds: ids })).toEqual({
    changed: 2,
    unchanged: 1,
    missing: 1,
    full: [],
  });
  expect((await getContact(db.knex, a.id)).tags).toEqual(['lake view']);
  expect((await getContact(db.knex, b.id)).tags).toEqual([]);
  expect(await changeContactTags(db.knex, { tag: 'hot', action: 'remove', contactIds: ids })).toMatchObject({
    changed: 0,
    unchanged: 3,
  });
});

it('moves the contact’s version on, so an edit opened before is refused as stale', async () => {
  const c = await add({ email: 'stale@tags.test' });
  await changeContactTags(db.knex, { tag: 'customer', action: 'add', contactIds: [c.id] });
  const now = await getContact(db.knex, c.id);
  expect(now.version).toBeGreaterThan(c.version);
  expect(new Date(now.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(c.updatedAt).getTime());
  const edit = v.parse(ContactUpdateSchema, { email: c.email, firstName: 'Late', version: c.version });
  const err = await updateContact(db.knex, c.id, edit).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).status).toBe(409);
  // An unchanged tag leaves the version where it is.
  await changeContactTags(db.knex, { tag: 'customer', action: 'add', contactIds: [c.id] });
  expect((await getContact(db.knex, c.id)).version).toBe(now.version);
});

it('tells a journey which contacts may be mailed and which carry a tag', async () => {
  const ok = await add({ email: 'ok@journey.test', tags: ['customer'] });
  const gone = await add({ email: 'gone@journey.test', status: 'unsubscribed' });
  const { contacts } = await readJourneyContacts(db.knex, { contactIds: [ok.id, gone.id, 999_998], tag: 'customer' });
  expect(contacts.sort((x, y) => x.id - y.id)).toEqual([
    { id: ok.id, mailable: true, tagged: true },
    { id: gone.id, mailable: false, tagged: false },
  ]);
});

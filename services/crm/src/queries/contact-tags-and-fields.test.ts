/**
 * Tags and custom fields of contacts on PGlite, through crm's own queries: tags stored once in any
 * case and found by the tag filter and the search; a custom value typed by its field (a number
 * field refusing "abc", naming the field), kept through a rename, and gone with its field; an edit
 * opened before the field went is refused; an import adds tags and typed values to new and known
 * contacts.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, migrate, openPglite, type Database } from '@lp/runtime';
import * as v from 'valibot';
import {
  ContactCreateSchema,
  ContactUpdateSchema,
  CustomFieldFormSchema,
  type ContactCreateInput,
} from '@lp/contracts';
import { createContact } from './create-contact.ts';
import { createCustomField } from './create-custom-field.ts';
import { deleteContact } from './delete-contact.ts';
import { deleteCustomField } from './delete-custom-field.ts';
import { getContact } from './get-contact.ts';
import { listContacts } from './list-contacts.ts';
import { listCustomFields } from './list-custom-fields.ts';
import { updateContact } from './update-contact.ts';
import { updateCustomField } from './update-custom-field.ts';
import { upsertImportChunk } from './upsert-import-chunk.ts';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));
let db: Database;
beforeAll(async () => {
  db = await openPglite();
  await migrate(db.knex, 'crm', MIGRATIONS);
}, 60_000);
afterAll(() => db?.close());

const add = (c: ContactCreateInput) => createContact(db.knex, v.parse(ContactCreateSchema, c));
const field = (name: string, type: 'text' | 'number' | 'date' | 'boolean') =>
  createCustomField(db.knex, v.parse(CustomFieldFormSchema, { name, type }));
const emails = async (filter: { q?: string; tag?: string }) =>
  (await listContacts(db.knex, { ...filter, limit: 100 })).contacts.map((c) => c.email).sort();
const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

describe('tags', () => {
  it('keeps each tag once in any case, and finds contacts by tag filter and by search', async () => {
    const ann = await add({ email: 'ann@example.com', tags: ['VIP', ' vip ', 'Lake  View'] });
    expect(ann.tags).toEqual(['vip', 'lake view']);
    await add({ email: 'bo@example.com', tags: ['builder'] });
    expect(await emails({ tag: 'vip' })).toEqual(['ann@example.com']);
    expect(await emails({ tag: 'lake view' })).toEqual(['ann@example.com']);
    expect(await emails({ q: 'builder' })).toEqual(['bo@example.com']);
    expect(await emails({ q: 'LAKE' })).toEqual(['ann@example.com']);
    // Accents are ignored in tags as in names; a tag with a quote is still found.
    await add({ email: 'zoe@example.com', tags: ['Señora Pérez', "o'hara lot", 'back\\slash'] });
    expect(await emails({ q: 'senora perez' })).toEqual(['zoe@example.com']);
    expect(await emails({ q: "O'Hara" })).toEqual(['zoe@example.com']);
    expect(await emails({ q: 'k\\s' })).toEqual(['zoe@example.com']);
    await deleteContact(db.knex, (await listContacts(db.knex, { q: 'zoe@', limit: 1 })).contacts[0]!.id);
  });

  it('an edit without tags keeps them; with tags replaces them and moves the version on', async () => {
    const ann = (await listContacts(db.knex, { tag: 'vip', limit: 1 })).contacts[0]!;
    const same = await updateContact(
      db.knex,
      ann.id,
      v.parse(ContactUpdateSchema, { email: ann.email, version: ann.version }),
    );
    expect(same.tags).toEqual(['vip', 'lake view']);
    expect(same.version).toBe(ann.version);
    const retagged = await updateContact(
      db.knex,
      ann.id,
      v.parse(ContactUpdateSchema, { email: ann.email, tags: ['buyer'], version: ann.version }),
    );
    expect(retagged.tags).toEqual(['buyer']);
    expect(retagged.version).toBe(ann.version + 1);
    expect(await emails({ tag: 'vip' })).toEqual([]);
  });
});

describe('custom fields', () => {
  it('types each value by its field and refuses a bad one, naming the field', async () => {
    await field('Budget', 'number');
    await field('Move-in date', 'date');
    await field('Has builder', 'boolean');
    await field('Preferred lot', 'text');
    const cy = await add({
      email: 'cy@example.com',
      customFields: {
        budget: '250000',
        move_in_date: '2027-03-01',
        has_builder: 'yes',
        preferred_lot: 'Lot 12 lakeside',
      },
    });
    expect(cy.customFields).toEqual({
      budget: 250000,
      move_in_date: '2027-03-01',
      has_builder: true,
      preferred_lot: 'Lot 12 lakeside',
    });
    const bad = await refusal(add({ email: 'dee@example.com', customFields: { budget: 'abc' } }));
    expect(bad.status).toBe(400);
    expect(bad.details).toEqual({ fields: { 'customFields.budget': ['Budget must be a number'] } });
    const date = await refusal(add({ email: 'dee@example.com', customFields: { move_in_date: '2027-02-30' } }));
    expect(date.details?.fields).toEqual({ 'customFields.move_in_date': ['Move-in date must be a date (YYYY-MM-DD)'] });
    const unknown = await refusal(add({ email: 'dee@example.com', customFields: { shoe_size: '9' } }));
    expect(unknown.status).toBe(400);
    // Nothing of the refused contact was stored.
    expect(await emails({ q: 'dee@' })).toEqual([]);
    // The search finds a text value.
    expect(await emails({ q: 'lakeside' })).toEqual(['cy@example.com']);
  });

  it('a rename keeps the values; a taken name is a 409; a stale rename a 409', async () => {
    const budget = (await listCustomFields(db.knex)).find((f) => f.key === 'budget')!;
    const renamed = await updateCustomField(db.knex, budget.id, { name: 'Lot budget ($)', version: budget.version });
    expect(renamed).toMatchObject({ key: 'budget', name: 'Lot budget ($)', version: budget.version + 1 });
    expect((await refusal(updateCustomField(db.knex, budget.id, { name: 'x', version: budget.version }))).status).toBe(
      409,
    );
    const taken = createCustomField(
      db.knex,
      v.parse(CustomFieldFormSchema, { name: 'PREFERRED lot', key: 'lot_pick', type: 'text' }),
    );
    expect((await refusal(taken)).message).toBe('A custom field named PREFERRED lot already exists');
    expect((await refusal(field('Preferred  lot?', 'text'))).message).toBe(
      'A custom field with the key preferred_lot already exists',
    );
    const cy = (await listContacts(db.knex, { q: 'cy@', limit: 1 })).contacts[0]!;
    expect(cy.customFields.budget).toBe(250000);
  });

  it('deleting a field removes its values, and an edit opened before is refused', async () => {
    const cy = (await listContacts(db.knex, { q: 'cy@', limit: 1 })).contacts[0]!;
    const budget = (await listCustomFields(db.knex)).find((f) => f.key === 'budget')!;
    expect(await deleteCustomField(db.knex, budget.id)).toEqual({ deleted: true });
    expect(await deleteCustomField(db.knex, budget.id)).toEqual({ deleted: false });
    const after = await getContact(db.knex, cy.id);
    expect(after.customFields).not.toHaveProperty('budget');
    expect(after.customFields.has_builder).toBe(true);
    const stale = await refusal(
      updateContact(
        db.knex,
        cy.id,
        v.parse(ContactUpdateSchema, { email: cy.email, customFields: cy.customFields, version: cy.version }),
      ),
    );
    expect(stale.status).toBe(409);
  });

  it('an import adds tags and typed values to new and known contacts', async () => {
    const counts = await upsertImportChunk(db.knex, {
      importId: randomUUID(),
      seq: 0,
      rows: [
        ['CY@example.com', null, null, null, null, null, ['investor'], { preferred_lot: 'Lot 3' }],
        ['eve@example.com', 'Eve', null, null, null, null, ['vip', 'investor'], { has_builder: false }],
      ],
    });
    expect(counts).toMatchObject({ imported: 1, updated: 1 });
    const cy = (await listContacts(db.knex, { q: 'cy@', limit: 1 })).contacts[0]!;
    expect(cy.customFields).toMatchObject({ preferred_lot: 'Lot 3', has_builder: true });
    expect(cy.tags).toEqual(['investor']);
    expect(await emails({ tag: 'investor' })).toEqual(['cy@example.com', 'eve@example.com']);
    const eve = (await listContacts(db.knex, { q: 'eve@', limit: 1 })).contacts[0]!;
    expect(eve.customFields).toEqual({ has_builder: false });
  });
});

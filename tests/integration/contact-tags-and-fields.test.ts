/**
 * Tags and custom fields of contacts end to end (HTTP → gateway → bus → crm → PostgreSQL), on both
 * backends, as staff meet them: a field is defined once, a contact added with a value and tags,
 * edited, reopened and edited again, found by its tag after a reload, and the field deleted with
 * its values; a number field refuses "abc" with a 400 naming the field; a stale edit is still a
 * 409; a CSV import maps a Tags column and a typed custom field, reporting the row with a bad
 * value and importing the rest; every definition change is in the audit log.
 */
import { expect, it } from 'vitest';
import {
  STALE_EDIT_MESSAGES,
  type Contact,
  type CustomField,
  type ImportPreview,
  type ImportResult,
} from '@lp/contracts';
import { describeOnEachBackend } from '../support/stack.ts';
import { useStack } from '../support/fixtures.ts';

type Envelope = { error: { code: string; message: string; details?: { fields?: Record<string, string[]> } } };
type AuditPage = { entries: { action: string; target: string | null; outcome: string; details: object }[] };

describeOnEachBackend('contact tags and custom fields', (backend) => {
  let token: string;
  const stack = useStack({
    backend,
    env: { IMPORT_RATE_LIMIT: '1000' },
    setup: async (s) => (token = await s.login()),
  });

  const call = async <T>(path: string, init: { method?: string; body?: unknown } = {}, status = 200) => {
    const res = await stack.api(path, { token, ...init });
    const text = await res.text();
    expect(res.status, `${init.method ?? 'GET'} ${path}: ${text}`).toBe(status);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const listEmails = async (query: string) =>
    (await call<Contact[]>(`/api/marketing/contacts?${query}`)).map((c) => c.email).sort();
  const upload = async <T>(path: string, csv: string, fields: Record<string, string> = {}, status = 200) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
    const res = await fetch(`${stack.baseUrl}/api/marketing/contacts/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return JSON.parse(text) as T;
  };

  it('define a field → add a contact with a value and tags → edit → reopen → edit again → reload → search by tag → delete the field', async () => {
    const budget = await call<CustomField>(
      '/api/marketing/custom-fields',
      { body: { name: 'Lot budget', type: 'number' } },
      201,
    );
    expect(budget).toMatchObject({ key: 'lot_budget', name: 'Lot budget', type: 'number', version: 1 });

    const added = await call<Contact>(
      '/api/marketing/contacts',
      { body: { email: 'rae@example.com', tags: ['VIP', 'Lake view', 'vip'], customFields: { lot_budget: '185000' } } },
      201,
    );
    expect(added.tags).toEqual(['vip', 'lake view']);
    expect(added.customFields).toEqual({ lot_budget: 185000 });

    const path = `/api/marketing/contacts/${added.id}`;
    const edited = await call<Contact>(path, {
      method: 'PUT',
      body: {
        email: added.email,
        tags: [...added.tags, 'Investor'],
        customFields: { lot_budget: 210000.5 },
        version: added.version,
      },
    });
    expect(edited).toMatchObject({ tags: ['vip', 'lake view', 'investor'], customFields: { lot_budget: 210000.5 } });
    expect(edited.version).toBe(added.version + 1);

    // Reopened: the dialog reads it afresh, and saves over what it read.
    const reopened = await call<Contact>(path);
    expect(reopened).toMatchObject({ tags: ['vip', 'lake view', 'investor'], customFields: { lot_budget: 210000.5 } });
    const again = await call<Contact>(path, {
      method: 'PUT',
      body: {
        email: reopened.email,
        tags: ['investor'],
        customFields: { lot_budget: null },
        version: reopened.version,
      },
    });
    expect(again).toMatchObject({ tags: ['investor'], customFields: {} });

    // The copy opened before the second edit is refused and changes nothing.
    const stale = await call<Envelope>(
      path,
      { method: 'PUT', body: { email: reopened.email, tags: ['vip'], version: reopened.version } },
      409,
    );
    expect(stale.error.message).toBe(STALE_EDIT_MESSAGES.contact);

    // A reload of the list, the tag filter and the search find it by its tag.
    const listed = (await call<Contact[]>('/api/marketing/contacts')).find((c) => c.id === added.id);
    expect(listed).toMatchObject({ tags: ['investor'], customFields: {} });
    expect(await listEmails('tag=Investor')).toEqual(['rae@example.com']);
    expect(await listEmails('tag=vip')).toEqual([]);
    expect(await listEmails('q=investor')).toEqual(['rae@example.com']);

    // A value given again, then the field deleted: the value goes with it.
    await call<Contact>(path, {
      method: 'PUT',
      body: { email: again.email, customFields: { lot_budget: '99000' }, version: again.version },
    });
    await call(`/api/marketing/custom-fields/${budget.id}`, { method: 'DELETE' }, 204);
    expect((await call<Contact>(path)).customFields).toEqual({});
    expect(await call<CustomField[]>('/api/marketing/custom-fields')).toEqual([]);
    await call(`/api/marketing/custom-fields/${budget.id}`, { method: 'DELETE' }, 404);

    const audit = (await call<AuditPage>('/api/marketing/audit?limit=200')).entries.filter((e) =>
      e.action.startsWith('custom_field.'),
    );
    expect(audit.map((e) => [e.action, e.target, e.outcome])).toEqual(
      expect.arrayContaining([
        ['custom_field.create', `custom field ${budget.id}`, 'done'],
        ['custom_field.delete', `custom field ${budget.id}`, 'done'],
      ]),
    );
  });

  it('a number field refuses "abc" with a 400 naming the field; a rename keeps the values', async () => {
    const acres = await call<CustomField>(
      '/api/marketing/custom-fields',
      { body: { name: 'Acres wanted', key: 'acres', type: 'number' } },
      201,
    );
    const refused = await call<Envelope>(
      '/api/marketing/contacts',
      { body: { email: 'sol@example.com', customFields: { acres: 'abc' } } },
      400,
    );
    expect(refused.error.code).toBe('validation_failed');
    expect(refused.error.details?.fields).toEqual({ 'customFields.acres': ['Acres wanted must be a number'] });
    expect(await listEmails('q=sol%40example.com')).toEqual([]);

    const sol = await call<Contact>(
      '/api/marketing/contacts',
      { body: { email: 'sol@example.com', customFields: { acres: '1.5' } } },
      201,
    );
    const renamed = await call<CustomField>(`/api/marketing/custom-fields/${acres.id}`, {
      method: 'PUT',
      body: { name: 'Acreage', version: acres.version },
    });
    expect(renamed).toMatchObject({ key: 'acres', name: 'Acreage', version: 2 });
    await call<Envelope>(
      `/api/marketing/custom-fields/${acres.id}`,
      { method: 'PUT', body: { name: 'Old', version: 1 } },
      409,
    );
    expect((await call<Contact>(`/api/marketing/contacts/${sol.id}`)).customFields).toEqual({ acres: 1.5 });
    const tooMany = await call<Envelope>(
      '/api/marketing/contacts',
      { body: { email: 'tag@example.com', tags: ['a'.repeat(51)] } },
      400,
    );
    expect(tooMany.error.details?.fields?.tags?.[0]).toMatch(/^A tag is at most 50 characters/);
  });

  it('imports a Tags column and a typed custom field, reporting a bad value by its row and importing the rest', async () => {
    await call<CustomField>('/api/marketing/custom-fields', { body: { name: 'Move-in date', type: 'date' } }, 201);
    const csv = [
      'Email,First Name,Tags,Move-in date',
      'ivy@example.com,Ivy,"vip; lake view",2027-05-01',
      'jon@example.com,Jon,investor,soon',
      'kim@example.com,Kim,"Investor, VIP",',
    ].join('\n');
    const preview = await upload<ImportPreview>('import/preview', csv);
    expect(preview.columns).toEqual(['email', 'firstName', 'tags', 'custom:move_in_date']);

    const result = await upload<ImportResult>('import', csv, { columns: JSON.stringify(preview.columns) });
    expect(result).toMatchObject({ imported: 2, invalid: 1, ignoredColumns: [] });
    expect(result.errors).toEqual([
      {
        line: 3,
        reason: 'Move-in date must be a date (YYYY-MM-DD) (soon)',
        cells: ['jon@example.com', 'Jon', 'investor', 'soon'],
      },
    ]);
    const ivy = (await call<Contact[]>('/api/marketing/contacts?q=ivy%40example.com'))[0];
    expect(ivy).toMatchObject({ tags: ['vip', 'lake view'], customFields: { move_in_date: '2027-05-01' } });
    expect(await listEmails('tag=vip')).toEqual(['ivy@example.com', 'kim@example.com']);

    // A mapping naming a field that no longer exists is refused before any row is read.
    const gone = await upload<Envelope>(
      'import',
      csv,
      { columns: JSON.stringify(['email', null, null, 'custom:no_such_field']) },
      400,
    );
    expect(gone.error.message).toMatch(/no custom field no_such_field/);
  });
});

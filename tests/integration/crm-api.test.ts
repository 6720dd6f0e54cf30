/**
 * The CRM end to end: HTTP → gateway → NATS request/reply → crm → Postgres, on the
 * embedded and the real backends. Contacts: add (409 on a known e-mail in any case, 400 with field
 * errors), paging with X-Total-Count and Link, indexed search, edit, delete, history; the CSV
 * import's edge cases and error paths; the export's formula-safe cells; lists (create, edit,
 * duplicate with and without contacts, members added twice, removed, deleted); form submissions
 * converted to contacts once, linked by e-mail, in the contact's history; the home's stats.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Contact, ContactHistory, ContactList, FormSubmission, ImportResult, MarketingStats } from '@lp/contracts';
import * as uniqueListNames from '../../services/crm/src/migrations/20261126120100_unique-list-names.ts';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { useStack } from '../support/fixtures.ts';

describeOnEachBackend('crm API', (backend) => {
  let token: string;
  const stack = useStack({
    backend,
    env: { IMPORT_MAX_BYTES: String(3 * 1024 * 1024), IMPORT_RATE_LIMIT: '1000' },
    setup: async () => {
      token = await stack.login();
    },
  });

  const api = (path: string, init: { method?: string; body?: unknown } = {}) => stack.api(path, { ...init, token });
  const json = async <T>(res: Response, status = 200): Promise<T> => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return (text ? JSON.parse(text) : null) as T;
  };
  const upload = (
    content: string | Buffer,
    filename = 'contacts.csv',
    field = 'file',
    options: Record<string, string> = {},
  ) => {
    const form = new FormData();
    // The options come before the file, as the dialog sends them.
    for (const [name, value] of Object.entries(options)) form.append(name, value);
    form.append(field, new Blob([content], { type: 'text/csv' }), filename);
    return fetch(`${stack.baseUrl}/api/marketing/contacts/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };
  const importCsv = async (content: string | Buffer, options: Record<string, string> = {}) =>
    json<ImportResult>(await upload(content, 'contacts.csv', 'file', options));
  const contactByEmail = async (email: string) =>
    (await json<Contact[]>(await api(`/api/marketing/contacts?q=${encodeURIComponent(email)}`))).find(
      (c) => c.email.toLowerCase() === email.toLowerCase(),
    );

  it('adds a contact: subscribed, manual_entry; 409 on the same e-mail in another case; 400 with field errors', async () => {
    const created = await json<Contact>(
      await api('/api/marketing/contacts', {
        body: {
          email: 'Ada@Example.com',
          firstName: 'Ada',
          lastName: 'Lovelace',
          phone: null,
          metadata: { address: '1 Lake Rd', notes: 'Called' },
        },
      }),
      201,
    );
    expect(created).toMatchObject({
      status: 'subscribed',
      source: 'manual_entry',
      metadata: { address: '1 Lake Rd', notes: 'Called' },
    });
    const dup = await json<{ error: { code: string; message: string } }>(
      await api('/api/marketing/contacts', { body: { email: 'ada@EXAMPLE.com' } }),
      409,
    );
    expect(dup.error).toMatchObject({ code: 'conflict', message: expect.stringContaining('already exists') });
    const bad = await json<{ error: { details: { fields: Record<string, string[]> } } }>(
      await api('/api/marketing/contacts', { body: { email: 'not-an-email', status: 'nope' } }),
      400,
    );
    expect(bad.error.details.fields.email).toEqual(['Valid email is required']);
    expect(bad.error.details.fields.status).toEqual(['Unknown status']);
    await json(await api('/api/marketing/contacts', { body: {} }), 400);
  });

  it('edits, reads and deletes a contact; unknown ids are 404', async () => {
    const c = await json<Contact>(
      await api('/api/marketing/contacts', { body: { email: 'edit.me@example.com' } }),
      201,
    );
    const edited = await json<Contact>(
      await api(`/api/marketing/contacts/${c.id}`, {
        method: 'PUT',
        body: { email: 'edited@example.com', firstName: 'Eddie', status: 'unsubscribed', version: c.version },
      }),
    );
    expect(edited).toMatchObject({ email: 'edited@example.com', firstName: 'Eddie', status: 'unsubscribed' });
    const taken = await json<{ error: { details: { fields: Record<string, string[]> } } }>(
      await api(`/api/marketing/contacts/${c.id}`, {
        method: 'PUT',
        body: { email: 'ADA@example.com', version: edited.version },
      }),
      409,
    );
    expect(taken.error.details.fields.email).toEqual(['A contact with the email ADA@example.com already exists']);
    expect(await json<Contact>(await api(`/api/marketing/contacts/${c.id}`))).toMatchObject({ firstName: 'Eddie' });
    expect((await api(`/api/marketing/contacts/${c.id}`, { method: 'DELETE' })).status).toBe(204);
    await json(await api(`/api/marketing/contacts/${c.id}`), 404);
    await json(await api(`/api/marketing/contacts/${c.id}`, { method: 'DELETE' }), 404);
    await json(await api('/api/marketing/contacts/abc'), 404);
  });

  it('imports a CSV: BOM, CRLF, aliases, quoted commas, quotes and newlines, blank lines, duplicates in any case, invalid rows', async () => {
    const csv =
      '\uFEFFEmail Address, FIRST NAME ,last_name,Phone Number,Favourite Colour,notes\r\n' +
      'one@import.test,One,"Smith ""Smitty"", Jr.",555-0101,blue,"line one\r\nline two: C:\\lots\\{12}, NULL"\r\n' +
      '\r\n' +
      'TWO@import.test,Two,Jones,,red,\r\n' +
      'not-an-email,Bad,Row,,,\r\n' +
      ',Missing,Email,,,\r\n' +
      'two@IMPORT.test,Twice,,,,\r\n' +
      'ada@example.com,Ada,,,,from the file\r\n';
    const result = await importCsv(csv);
    expect(result).toEqual({
      imported: 2,
      updated: 2,
      unchanged: 0,
      skipped: 0,
      invalid: 2,
      format: { encoding: 'UTF-8', delimiter: ',' },
      ignoredColumns: ['Favourite Colour'],
      errors: [
        { line: 6, reason: 'Invalid email (not-an-email)', cells: ['not-an-email', 'Bad', 'Row', '', '', ''] },
        { line: 7, reason: 'Email is missing', cells: ['', 'Missing', 'Email', '', '', ''] },
      ],
      header: ['Email Address', ' FIRST NAME ', 'last_name', 'Phone Number', 'Favourite Colour', 'notes'],
    });
    const one = await contactByEmail('one@import.test');
    expect(one).toMatchObject({
      firstName: 'One',
      lastName: 'Smith "Smitty", Jr.',
      phone: '555-0101',
      source: 'csv_import',
      status: 'subscribed',
    });
    expect(one?.metadata.notes).toBe('line one\r\nline two: C:\\lots\\{12}, NULL');
    const two = await contactByEmail('two@import.test');
    expect(two).toMatchObject({ email: 'TWO@import.test', firstName: 'Twice', lastName: 'Jones' });
    const ada = await contactByEmail('ada@example.com');
    expect(ada).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      source: 'manual_entry',
      metadata: { address: '1 Lake Rd', notes: 'from the file' },
    });
    // The same file again: nothing is duplicated, and the contacts it already set are unchanged
    // (the second TWO row merges into the first within the file, so that contact changes again).
    expect(await importCsv(csv)).toMatchObject({ imported: 0, updated: 1, unchanged: 3, invalid: 2 });
  });

  it("imports exports as people have them: Outlook's Windows-1252 file and European Excel's semicolons, accents intact", async () => {
    const fixture = (name: string) =>
      readFileSync(new URL(`../../services/gateway/src/staff-api/contacts/fixtures/${name}`, import.meta.url));
    const outlook = await importCsv(fixture('outlook-cp1252.csv'));
    expect(outlook).toMatchObject({ imported: 3, invalid: 0, format: { encoding: 'Windows-1252', delimiter: ',' } });
    // Outlook's columns no field takes are named in the answer, never dropped silently.
    expect(outlook.ignoredColumns).toContain('Company');
    expect(outlook.ignoredColumns).not.toContain('Mobile Phone');
    expect(await contactByEmail('soren@example.dk')).toMatchObject({ firstName: 'Søren', lastName: 'Kjærgård' });
    expect(await contactByEmail('francois.lefevre@example.fr')).toMatchObject({
      firstName: 'François',
      metadata: { notes: 'Asked about lot 12 — lake view' },
    });
    const excel = await importCsv(fixture('mailchimp-excel-semicolon.csv'));
    expect(excel).toMatchObject({ imported: 2, invalid: 0, format: { encoding: 'Windows-1252', delimiter: ';' } });
    expect(await contactByEmail('anna.schroeder@example.de')).toMatchObject({
      lastName: 'Schröder',
      metadata: { address: 'Hauptstraße 5; 10115 Berlin' },
    });
  });

  it('asks what to do with contacts already here: update them, only fill their empty fields, or leave them', async () => {
    const first =
      'email,firstName,lastName,phone\r\ndana@choice.test,Dana-Marie,Delgado,\r\nkai@choice.test,Kai,,555-0199\r\n';
    expect(await importCsv(first)).toMatchObject({ imported: 2, updated: 0 });
    const again =
      'email,firstName,lastName,phone\r\ndana@choice.test,Dana,Dup,555-0100\r\nkai@choice.test,Kai,Kalani,555-0199\r\nnew@choice.test,New,One,\r\n';
    const withChoice = (existing: string) => importCsv(again, { existing });

    // Leave them: the two known contacts keep everything; the new one is added.
    expect(await withChoice('skip')).toMatchObject({ imported: 1, updated: 0, unchanged: 0, skipped: 2 });
    expect(await contactByEmail('dana@choice.test')).toMatchObject({
      firstName: 'Dana-Marie',
      lastName: 'Delgado',
      phone: null,
    });

    // Only fill: Dana gets the phone she had not; her name stays. Kai gets the last name.
    expect(await withChoice('fill')).toMatchObject({ imported: 0, updated: 2, unchanged: 1, skipped: 0 });
    expect(await contactByEmail('dana@choice.test')).toMatchObject({
      firstName: 'Dana-Marie',
      lastName: 'Delgado',
      phone: '555-0100',
    });
    expect(await contactByEmail('kai@choice.test')).toMatchObject({ lastName: 'Kalani', phone: '555-0199' });

    // Update: the file's values win.
    expect(await withChoice('update')).toMatchObject({ imported: 0, updated: 1, unchanged: 2, skipped: 0 });
    expect(await contactByEmail('dana@choice.test')).toMatchObject({ firstName: 'Dana', lastName: 'Dup' });

    // A choice that is not one of the three is refused before a row is read.
    const bad = await json<{ error: { details?: { fields?: Record<string, string[]> } } }>(
      await upload(again, 'contacts.csv', 'file', { existing: 'overwrite' }),
      400,
    );
    expect(bad.error.details?.fields?.existing).toEqual(['existing must be update, fill or skip']);
  });

  it('answers an empty file, a header-only file, a file without an email column and a wrong field or type', async () => {
    expect((await json<{ error: { message: string } }>(await upload(''), 400)).error.message).toBe('The file is empty');
    expect(await importCsv('email,firstName,lastName\n')).toEqual({
      imported: 0,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      invalid: 0,
      errors: [],
      header: ['email', 'firstName', 'lastName'],
      format: { encoding: 'UTF-8', delimiter: ',' },
      ignoredColumns: [],
    });
    expect((await json<{ error: { message: string } }>(await upload('name,phone\nA,1\n'), 400)).error.message).toMatch(
      /no email column/,
    );
    expect(
      (await json<{ error: { message: string } }>(await upload('email\na@b.co\n', 'contacts.txt'), 400)).error.message,
    ).toBe('Please upload a CSV file');
    expect(
      (await json<{ error: { message: string } }>(await upload('email\na@b.co\n', 'c.csv', 'other'), 400)).error
        .message,
    ).toBe('Please select a file to import');
    const notMultipart = await api('/api/marketing/contacts/import', { body: { file: 'x' } });
    expect(notMultipart.status).toBe(400);
  });

  it('refuses a file over the size cap with 413 and a clear message', async () => {
    const big = `email\n${'x@example.com\n'.repeat(250_000)}`;
    const res = await upload(big);
    const body = await json<{ error: { message: string } }>(res, 413);
    expect(body.error.message).toBe('The file is too large: imports are limited to 3 MB');
  });

  it('sends a file larger than one bus message in chunks within the message size', async () => {
    // 400 rows of ~4.9 KB: about 2 MB, twice NATS's max_payload; one message could not carry it.
    const note = 'n'.repeat(4900);
    const rows = Array.from({ length: 400 }, (_, i) => `wide${i}@chunks.test,"${note}"`);
    expect(await importCsv(`email,notes\n${rows.join('\n')}\n`)).toMatchObject({ imported: 400, skipped: 0 });
    const res = await api('/api/marketing/contacts?q=chunks.test&limit=1');
    expect(res.headers.get('x-total-count')).toBe('400');
    expect((await json<Contact[]>(res))[0]?.metadata.notes).toBe(note);
  });

  it('pages contacts with X-Total-Count and Link, and searches by name, e-mail and phone', async () => {
    const rows = Array.from(
      { length: 250 },
      (_, i) => `page${i}@paging.test,Pat${i},Pager,928-555-${String(i).padStart(4, '0')}`,
    );
    expect(await importCsv(`email,firstName,lastName,phone\n${rows.join('\n')}\n`)).toMatchObject({ imported: 250 });
    const first = await api('/api/marketing/contacts?q=paging.test&limit=100');
    expect(first.headers.get('x-total-count')).toBe('250');
    const page1 = await json<Contact[]>(first);
    expect(page1).toHaveLength(100);
    const link = first.headers.get('link') ?? '';
    const next = /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
    expect(next).toMatch(/cursor=\d+/);
    const seen = new Set(page1.map((c) => c.id));
    let url: string | undefined = next;
    while (url) {
      const res = await api(url);
      for (const c of await json<Contact[]>(res)) seen.add(c.id);
      url = /^<([^>]+)>/.exec(res.headers.get('link') ?? '')?.[1];
    }
    expect(seen.size).toBe(250);
    expect(
      (await json<Contact[]>(await api('/api/marketing/contacts?q=PAT17'))).map((c) => c.firstName).sort(),
    ).toEqual([
      'Pat17',
      'Pat170',
      'Pat171',
      'Pat172',
      'Pat173',
      'Pat174',
      'Pat175',
      'Pat176',
      'Pat177',
      'Pat178',
      'Pat179',
    ]);
    expect((await json<Contact[]>(await api('/api/marketing/contacts?q=555-0042'))).map((c) => c.email)).toEqual([
      'page42@paging.test',
    ]);
    expect(await json<Contact[]>(await api('/api/marketing/contacts?q=100%25'))).toEqual([]);
    const bad = await json<{ error: { details: { fields: Record<string, string[]> } } }>(
      await api('/api/marketing/contacts?limit=1001&status=gone&cursor=x'),
      400,
    );
    expect(Object.keys(bad.error.details.fields).sort()).toEqual(['cursor', 'limit', 'status']);
    expect((await api('/api/marketing/contacts?limit=1000')).status).toBe(200);
  });

  it('exports all, one list or the current search as CSV with formula-safe cells', async () => {
    await json(
      await api('/api/marketing/contacts', {
        body: {
          email: 'formula@export.test',
          firstName: '=HYPERLINK("http://x")',
          lastName: '+1',
          metadata: { notes: '@SUM(A1)' },
        },
      }),
      201,
    );
    const res = await api('/api/marketing/contacts/export?q=export.test');
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="contacts-/);
    const lines = (await res.text()).trim().split('\r\n');
    // Then the tags and a column per custom field (by key), as an import reads them back.
    expect(lines[0]).toMatch(
      /^email,firstName,lastName,phone,status,source,address,notes,createdAt,tags(,[a-z0-9_]+)*$/,
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^formula@export\.test,"'=HYPERLINK\(""http:\/\/x""\)",'\+1,,subscribed,manual_entry,,'@SUM\(A1\),/,
    );
    const all = (await (await api('/api/marketing/contacts/export')).text()).trim().split('\r\n');
    const total = Number((await api('/api/marketing/contacts?limit=1')).headers.get('x-total-count'));
    // One row per contact (a note may span lines inside its quotes).
    expect(all.filter((l) => /^[^,"@]+@[^,]+,/.test(l))).toHaveLength(total);
  });

  it('lists: create, edit, add twice, view, duplicate with and without contacts, remove, delete, validation', async () => {
    const bad = await json<{ error: { details: { fields: Record<string, string[]> } } }>(
      await api('/api/marketing/lists', { body: { name: '  ' } }),
      400,
    );
    expect(bad.error.details.fields.name).toEqual(['List name is required']);
    const list = await json<ContactList>(
      await api('/api/marketing/lists', { body: { name: 'Buyers', description: 'Hot leads' } }),
      201,
    );
    expect(list).toMatchObject({ name: 'Buyers', description: 'Hot leads', contact_count: 0 });
    const renamed = await json<ContactList>(
      await api(`/api/marketing/lists/${list.id}`, {
        method: 'PUT',
        body: { name: 'Buyers 2026', version: list.version },
      }),
    );
    expect(renamed).toMatchObject({ name: 'Buyers 2026', description: null });
    const ids = (await json<Contact[]>(await api('/api/marketing/contacts?q=paging.test&limit=3'))).map((c) => c.id);
    const added = await json<{ results: { success: number; added: number } }>(
      await api('/api/marketing/contacts-to-list', { body: { listId: list.id, contactIds: ids } }),
    );
    expect(added.results).toEqual({ success: 3, added: 3, missing: 0 });
    const again = await json<{ results: { success: number; added: number } }>(
      await api('/api/marketing/contacts-to-list', { body: { listId: list.id, contactIds: [ids[0], 2_000_000] } }),
    );
    expect(again.results).toEqual({ success: 1, added: 0, missing: 1 });
    const v = await json<{ error: { details: { fields: Record<string, string[]> } } }>(
      await api('/api/marketing/contacts-to-list', { body: { contactIds: [] } }),
      400,
    );
    expect(v.error.details.fields).toEqual({
      listId: ['Please select a list'],
      contactIds: ['Please select at least one contact'],
    });
    await json(await api('/api/marketing/contacts-to-list', { body: { listId: 999_999, contactIds: ids } }), 404);
    const members = await json<Contact[]>(await api(`/api/marketing/contacts?listId=${list.id}`));
    expect(members.map((c) => c.id).sort()).toEqual([...ids].sort());

    const copy = await json<ContactList>(
      await api(`/api/marketing/lists/${list.id}/duplicate`, {
        body: { name: 'Buyers 2026 (Copy)', copyContacts: true },
      }),
      201,
    );
    expect(copy).toMatchObject({ name: 'Buyers 2026 (Copy)', contact_count: 3 });
    const empty = await json<ContactList>(
      await api(`/api/marketing/lists/${list.id}/duplicate`, { body: { name: 'Empty copy', copyContacts: false } }),
      201,
    );
    expect(empty.contact_count).toBe(0);

    expect((await api(`/api/marketing/lists/${list.id}/contacts/${ids[0]}`, { method: 'DELETE' })).status).toBe(204);
    await json(await api(`/api/marketing/lists/${list.id}/contacts/${ids[0]}`, { method: 'DELETE' }), 404);
    const lists = await json<ContactList[]>(await api('/api/marketing/lists'));
    expect(lists.find((l) => l.id === list.id)?.contact_count).toBe(2);
    expect(lists.find((l) => l.id === copy.id)?.contact_count).toBe(3);
    const history = await json<ContactHistory>(await api(`/api/marketing/contacts/${ids[1]}/history`));
    expect(
      history.items
        .filter((i) => i.type === 'list_joined')
        .map((i) => 'listName' in i && i.listName)
        .sort(),
    ).toEqual(['Buyers 2026', 'Buyers 2026 (Copy)']);

    expect((await api(`/api/marketing/lists/${list.id}`, { method: 'DELETE' })).status).toBe(204);
    await json(await api(`/api/marketing/lists/${list.id}`, { method: 'DELETE' }), 404);
    await json(await api(`/api/marketing/lists/${list.id}`, { method: 'PUT', body: { name: 'x', version: 2 } }), 404);
    await json(await api(`/api/marketing/lists/${list.id}`), 404);
    expect(await contactByEmail(members[0]!.email)).toBeDefined();
  });

  type ErrorBody = { error: { code: string; message: string; details?: { fields?: Record<string, string[]> } } };

  it('refuses a contact saved from a copy opened before another change: 409, nothing changes; no version is 400', async () => {
    const opened = await json<Contact>(
      await api('/api/marketing/contacts', { body: { email: 'dana.stale@example.com', firstName: 'Dana' } }),
      201,
    );
    const put = (body: Record<string, unknown>) => api(`/api/marketing/contacts/${opened.id}`, { method: 'PUT', body });
    // Two people opened the same contact; the first saves.
    const first = await json<Contact>(
      await put({ email: opened.email, firstName: 'Dana', phone: '928-555-0101', version: opened.version }),
    );
    expect(first.version).toBe(opened.version + 1);
    // The second saves the copy opened before: refused, the first one's phone stays.
    const stale = await json<ErrorBody>(
      await put({ email: opened.email, firstName: 'Dana', metadata: { notes: 'Old copy' }, version: opened.version }),
      409,
    );
    expect(stale.error).toEqual({ code: 'conflict', message: 'This contact was changed since you opened it' });
    expect(await json<Contact>(await api(`/api/marketing/contacts/${opened.id}`))).toMatchObject({
      phone: '928-555-0101',
      metadata: { notes: null },
      version: first.version,
    });
    // Without a version the save is a validation error, never a silent overwrite.
    const missing = await json<ErrorBody>(await put({ email: opened.email, firstName: 'No version' }), 400);
    expect(Object.keys(missing.error.details?.fields ?? {})).toEqual(['version']);
    await json(await put({ email: opened.email, version: 'one' }), 400);
    // A change that did not come from the dialog (here a CSV import) also moves the version on.
    expect(await importCsv(`email,phone\n${opened.email},928-555-0202\n`)).toMatchObject({ updated: 1 });
    await json(await put({ email: opened.email, firstName: 'Dana', version: first.version }), 409);
    const fresh = await json<Contact>(await api(`/api/marketing/contacts/${opened.id}`));
    expect(fresh).toMatchObject({ phone: '928-555-0202', firstName: 'Dana' });
    const saved = await json<Contact>(await put({ email: opened.email, firstName: 'Dana B.', version: fresh.version }));
    expect(saved).toMatchObject({ firstName: 'Dana B.', phone: null, version: fresh.version + 1 });
    await json(
      await api('/api/marketing/contacts/999999', { method: 'PUT', body: { email: 'x@example.com', version: 1 } }),
      404,
    );
  });

  it('refuses a list saved from a stale copy with 409; members joining do not count as a change; GET one list', async () => {
    const opened = await json<ContactList>(await api('/api/marketing/lists', { body: { name: 'Stale buyers' } }), 201);
    expect(await json<ContactList>(await api(`/api/marketing/lists/${opened.id}`))).toEqual(opened);
    const put = (body: Record<string, unknown>) => api(`/api/marketing/lists/${opened.id}`, { method: 'PUT', body });
    const renamed = await json<ContactList>(await put({ name: 'Fresh buyers', version: opened.version }));
    expect(renamed).toMatchObject({ name: 'Fresh buyers', version: opened.version + 1 });
    const stale = await json<ErrorBody>(
      await put({ name: 'Stale rename', description: 'x', version: opened.version }),
      409,
    );
    expect(stale.error).toEqual({ code: 'conflict', message: 'This list was changed since you opened it' });
    expect(await json<ContactList>(await api(`/api/marketing/lists/${opened.id}`))).toMatchObject({
      name: 'Fresh buyers',
      description: null,
    });
    const missing = await json<ErrorBody>(await put({ name: 'No version' }), 400);
    expect(Object.keys(missing.error.details?.fields ?? {})).toEqual(['version']);
    // Contacts joining the list change its count, not what the edit dialog shows: the rename still applies.
    const ids = (await json<Contact[]>(await api('/api/marketing/contacts?q=paging.test&limit=2'))).map((c) => c.id);
    await json(await api('/api/marketing/contacts-to-list', { body: { listId: opened.id, contactIds: ids } }));
    expect(await json<ContactList>(await put({ name: 'Fresh buyers 2', version: renamed.version }))).toMatchObject({
      name: 'Fresh buyers 2',
      contact_count: 2,
    });
    await json(await api('/api/marketing/lists/999999'), 404);
    await json(await api('/api/marketing/lists/abc'), 404);
  });

  it('keeps list names unique in any letter case: create, rename and duplicate are refused with 409 naming the list', async () => {
    const lists = async () => json<ContactList[]>(await api('/api/marketing/lists'));
    const original = await json<ContactList>(
      await api('/api/marketing/lists', { body: { name: 'Lake View Buyers' } }),
      201,
    );
    const other = await json<ContactList>(await api('/api/marketing/lists', { body: { name: 'Mesa Buyers' } }), 201);
    const before = (await lists()).length;
    const message = 'A list named Lake View Buyers already exists';
    const created = await json<ErrorBody>(
      await api('/api/marketing/lists', { body: { name: '  lake view BUYERS ' } }),
      409,
    );
    expect(created.error).toEqual({ code: 'conflict', message, details: { fields: { name: [message] } } });
    const renamed = await json<ErrorBody>(
      await api(`/api/marketing/lists/${other.id}`, {
        method: 'PUT',
        body: { name: 'LAKE VIEW BUYERS', version: other.version },
      }),
      409,
    );
    expect(renamed.error.message).toBe(message);
    const copied = await json<ErrorBody>(
      await api(`/api/marketing/lists/${other.id}/duplicate`, { body: { name: 'Lake view buyers' } }),
      409,
    );
    expect(copied.error.message).toBe(message);
    expect((await lists()).length).toBe(before);
    expect((await lists()).find((l) => l.id === other.id)?.name).toBe('Mesa Buyers');
    // A list may change the case of its own name.
    expect(
      await json<ContactList>(
        await api(`/api/marketing/lists/${original.id}`, {
          method: 'PUT',
          body: { name: 'Lake view buyers', version: original.version },
        }),
      ),
    ).toMatchObject({ name: 'Lake view buyers' });
  });

  it('the migration renames lists that already share a name "Name (2)", skipping names taken, then holds the rule', async () => {
    const knex = stack.platform.db.knex;
    await uniqueListNames.down(knex);
    const names = ['Spring Open House', 'spring open house', 'Spring open house (2)', 'SPRING OPEN HOUSE'];
    const ids: number[] = [];
    for (const name of names)
      ids.push(
        ((await knex.withSchema('crm').table('lists').insert({ name }).returning('id')) as { id: number }[])[0]!.id,
      );
    await uniqueListNames.up(knex);
    const after = await json<ContactList[]>(await api('/api/marketing/lists'));
    expect(ids.map((id) => after.find((l) => l.id === id)?.name)).toEqual([
      'Spring Open House',
      'spring open house (3)',
      'Spring open house (2)',
      'SPRING OPEN HOUSE (4)',
    ]);
    expect(after.find((l) => l.id === ids[1])?.version).toBe(2);
    await json(await api('/api/marketing/lists', { body: { name: 'SPRING open HOUSE (3)' } }), 409);
    for (const id of ids) await api(`/api/marketing/lists/${id}`, { method: 'DELETE' });
  });

  it('converts a form submission once, links it by e-mail, shows it in the history; stats count it all', async () => {
    const submit = (email: string) =>
      stack.api('/api/contact', {
        body: { firstName: 'Lee', lastName: 'Lead', email, phone: '928-555-0199', source: 'home', website: '' },
      });
    expect((await submit('lee.lead@example.com')).status).toBe(201);
    expect((await submit('ADA@example.com')).status).toBe(201);
    const subs = await eventually(async () => {
      const l = await json<FormSubmission[]>(await api('/api/marketing/submissions'));
      return l.length >= 2 ? l : undefined;
    });
    const lee = subs.find((s) => s.email === 'lee.lead@example.com')!;
    const adaSub = subs.find((s) => s.email === 'ADA@example.com')!;
    expect(lee).toMatchObject({ contactId: null, convertedAt: null });
    const ada = (await contactByEmail('ada@example.com'))!;
    expect(adaSub.contactId).toBe(ada.id);

    const list = await json<ContactList>(await api('/api/marketing/lists', { body: { name: 'Leads' } }), 201);
    const first = await json<{ contact: Contact; created: boolean }>(
      await api(`/api/marketing/convert-submission/${lee.id}`, { body: { listId: list.id } }),
      201,
    );
    expect(first).toMatchObject({
      created: true,
      contact: { email: 'lee.lead@example.com', firstName: 'Lee', source: 'form_submission' },
    });
    const second = await json<{ contact: Contact; created: boolean }>(
      await api(`/api/marketing/convert-submission/${lee.id}`, { body: {} }),
    );
    expect(second).toMatchObject({ created: false, contact: { id: first.contact.id } });
    await json(await api('/api/marketing/convert-submission/999999', { body: {} }), 404);
    await json(await api(`/api/marketing/convert-submission/${lee.id}`, { body: { listId: 'x' } }), 400);
    await json(await api(`/api/marketing/convert-submission/${lee.id}`, { body: { listId: 999_999 } }), 404);
    const after = await json<FormSubmission[]>(await api('/api/marketing/submissions'));
    expect(after.find((s) => s.id === lee.id)).toMatchObject({
      contactId: first.contact.id,
      convertedAt: expect.any(String),
    });

    const history = await json<ContactHistory>(await api(`/api/marketing/contacts/${ada.id}/history`));
    expect(history.items.find((i) => i.type === 'form_submission')).toMatchObject({
      submissionId: adaSub.id,
      source: 'home',
    });
    const leeHistory = await json<ContactHistory>(await api(`/api/marketing/contacts/${first.contact.id}/history`));
    expect(leeHistory.items.map((i) => i.type).sort()).toEqual(['form_submission', 'list_joined']);

    const stats = await json<MarketingStats>(await api('/api/marketing/stats'));
    const total = Number((await api('/api/marketing/contacts?limit=1')).headers.get('x-total-count'));
    expect(stats).toMatchObject({ totalContacts: total, totalSubmissions: 2 });
    expect(stats.totalLists).toBeGreaterThanOrEqual(3);
    // Everything here was made this month: there is nothing to compare with.
    expect(stats.changes).toEqual({ contacts: null, campaigns: null, lists: null, submissions: null });
  });

  it('refuses every contacts and lists call without a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/marketing/contacts'],
      ['POST', '/api/marketing/contacts/import'],
      ['GET', '/api/marketing/contacts/export'],
      ['GET', '/api/marketing/lists'],
      ['POST', '/api/marketing/contacts-to-list'],
      ['POST', '/api/marketing/convert-submission/1'],
    ] as const)
      expect((await stack.api(path, { method })).status, path).toBe(401);
  });
});

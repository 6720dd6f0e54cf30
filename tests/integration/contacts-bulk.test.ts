/**
 * Bulk actions at 50,000 contacts, end to end on both backends: every contact matching a search
 * (not just the loaded page) added to a list, taken off it, given a status, deleted; one audit
 * entry each naming the action, the match and the totals; the progress of the action; the
 * export of the match; a CSV import into a new list and into an existing one.
 */
import { expect, it } from 'vitest';
import type { AuditPage, ContactList, ContactsBulkResult, ImportResult, OperationProgress } from '@lp/contracts';
import { seedContacts } from '../support/seed-contacts.ts';
import { describeOnEachBackend } from '../support/stack.ts';
import { useStack } from '../support/fixtures.ts';

describeOnEachBackend('contacts bulk actions', (backend) => {
  let token: string;
  let seeded: number;
  const stack = useStack({
    backend,
    env: { IMPORT_RATE_LIMIT: '1000' },
    setup: async () => {
      token = await stack.login();
      seeded = await seedContacts(stack);
    },
    timeout: 120_000,
  });

  const api = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    stack.api(path, { ...init, token });
  const json = async <T>(res: Response, status = 200): Promise<T> => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return (text ? JSON.parse(text) : null) as T;
  };
  /** How many contacts the Contacts screen says match (its X-Total-Count). */
  const matching = async (query: string) => {
    const res = await api(`/api/marketing/contacts?limit=1&${query}`);
    expect(res.status).toBe(200);
    return Number(res.headers.get('x-total-count'));
  };
  const createList = (name: string) =>
    api('/api/marketing/lists', { body: { name, description: null } }).then((r) => json<ContactList>(r, 201));
  const listCount = async (id: number) =>
    (await json<ContactList[]>(await api('/api/marketing/lists'))).find((l) => l.id === id)?.contact_count;
  const bulk = (body: unknown, headers: Record<string, string> = {}) =>
    api('/api/marketing/contacts/bulk', { body, headers });
  const auditOf = async (action: string) =>
    (await json<AuditPage>(await api('/api/marketing/audit?limit=100'))).entries.filter((e) => e.action === action);

  it('adds every contact matching a search to a list, not the loaded page: the list holds exactly the match', async () => {
    expect(seeded).toBe(50_000);
    const q = 'kai';
    const expected = await matching(`q=${q}`);
    expect(expected).toBeGreaterThan(1000);
    const list = await createList('Kai, all of them');
    const progressId = crypto.randomUUID();
    const result = await json<ContactsBulkResult>(
      await bulk(
        { action: 'add_to_list', listId: list.id, selection: { match: { q } } },
        { 'X-Progress-Id': progressId },
      ),
    );
    expect(result).toEqual({ action: 'add_to_list', matched: expected, changed: expected, kept: 0 });
    expect(await listCount(list.id)).toBe(expected);
    expect(await matching(`listId=${list.id}`)).toBe(expected);
    // The screen polls this while the request runs; once it answered, the figures are the final ones.
    expect(await json<OperationProgress>(await api(`/api/marketing/contacts/operations/${progressId}`))).toEqual({
      done: expected,
      total: expected,
      finished: true,
    });
    const [entry, ...more] = await auditOf('contacts.bulk_add_to_list');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      target: `list ${list.id}`,
      outcome: 'done',
      details: { match: { q }, contacts: expected, matched: expected, changed: expected },
    });
  });

  it('exports the match as CSV: one row per matching contact', async () => {
    const expected = await matching('q=okafor&status=subscribed');
    const res = await api('/api/marketing/contacts/export?q=okafor&status=subscribed');
    expect(res.status).toBe(200);
    const lines = (await res.text()).trimEnd().split(/\r?\n/);
    expect(lines.length - 1).toBe(expected);
    expect(lines.slice(1).every((l) => l.toLowerCase().includes('okafor'))).toBe(true);
  });

  it('takes the matching members off a list, and only them', async () => {
    const list = await createList('Everyone named Ben or Kai');
    await json(await bulk({ action: 'add_to_list', listId: list.id, selection: { match: { q: 'ben.' } } }));
    await json(await bulk({ action: 'add_to_list', listId: list.id, selection: { match: { q: 'kai.' } } }));
    const before = await listCount(list.id);
    const bens = await matching(`listId=${list.id}&q=ben.`);
    const result = await json<ContactsBulkResult>(
      await bulk({ action: 'remove_from_list', listId: list.id, selection: { match: { listId: list.id, q: 'ben.' } } }),
    );
    expect(result).toMatchObject({ matched: bens, changed: bens });
    expect(await listCount(list.id)).toBe(before! - bens);
    expect(await matching(`listId=${list.id}&q=ben.`)).toBe(0);
    expect(await auditOf('contacts.bulk_remove_from_list')).toHaveLength(1);
  });

  it('changes the status of the match; never makes an unsubscribed or bounced contact subscribed', async () => {
    const q = 'lindqvist';
    const subscribed = await matching(`q=${q}&status=subscribed`);
    const all = await matching(`q=${q}`);
    const result = await json<ContactsBulkResult>(
      await bulk({ action: 'set_status', status: 'other', selection: { match: { q, status: 'subscribed' } } }),
    );
    expect(result).toEqual({ action: 'set_status', matched: subscribed, changed: subscribed, kept: 0 });
    expect(await matching(`q=${q}&status=subscribed`)).toBe(0);
    expect(await matching(`q=${q}&status=other`)).toBe(subscribed);

    const optedOut = (await matching(`q=${q}&status=unsubscribed`)) + (await matching(`q=${q}&status=bounced`));
    expect(optedOut).toBeGreaterThan(0);
    const back = await json<ContactsBulkResult>(
      await bulk({ action: 'set_status', status: 'subscribed', selection: { match: { q } } }),
    );
    expect(back).toEqual({ action: 'set_status', matched: all, changed: subscribed, kept: optedOut });
    expect(await matching(`q=${q}&status=subscribed`)).toBe(subscribed);
    expect((await matching(`q=${q}&status=unsubscribed`)) + (await matching(`q=${q}&status=bounced`))).toBe(optedOut);
    const entries = await auditOf('contacts.bulk_set_status');
    expect(entries.map((e) => e.details)).toEqual([
      expect.objectContaining({ status: 'subscribed', matched: all, kept: optedOut }),
      expect.objectContaining({ status: 'other', match: { q, status: 'subscribed' }, changed: subscribed }),
    ]);
  });

  it('deletes the match: they leave every list, the rest stays', async () => {
    const q = 'moreau';
    const doomed = await matching(`q=${q}`);
    const list = await createList('Moreau and Novak');
    await json(await bulk({ action: 'add_to_list', listId: list.id, selection: { match: { q } } }));
    await json(await bulk({ action: 'add_to_list', listId: list.id, selection: { match: { q: 'novak' } } }));
    const novaks = await matching('q=novak');
    const total = await matching('');
    const result = await json<ContactsBulkResult>(await bulk({ action: 'delete', selection: { match: { q } } }));
    expect(result).toMatchObject({ matched: doomed, changed: doomed });
    expect(await matching(`q=${q}`)).toBe(0);
    expect(await matching('')).toBe(total - doomed);
    expect(await listCount(list.id)).toBe(novaks);
    const [entry, ...more] = await auditOf('contacts.bulk_delete');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ outcome: 'done', details: { match: { q }, contacts: doomed, changed: doomed } });
  });

  it('acts on hand-picked ids too, and refuses what cannot be done with a message', async () => {
    const list = await createList('Picked');
    const ids = (await json<{ id: number }[]>(await api('/api/marketing/contacts?limit=3'))).map((c) => c.id);
    expect(
      await json<ContactsBulkResult>(await bulk({ action: 'add_to_list', listId: list.id, selection: { ids } })),
    ).toMatchObject({ matched: 3, changed: 3 });
    // Their export: hand-picked ids go in the body, a URL could not hold thousands of them.
    const csv = await api('/api/marketing/contacts/export', { body: { ids } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect((await csv.text()).trimEnd().split(/\r?\n/)).toHaveLength(4);
    const refused = async (body: unknown, message: string, status = 400) => {
      const res = await bulk(body);
      expect(res.status).toBe(status);
      expect(JSON.stringify(await res.json())).toContain(message);
    };
    await refused({ action: 'add_to_list', selection: { ids } }, 'Please select a list');
    await refused(
      { action: 'add_to_list', listId: list.id, selection: { ids: [] } },
      'Please select at least one contact',
    );
    await refused({ action: 'set_status', status: 'gone', selection: { ids } }, 'Please choose a status');
    await refused({ action: 'add_to_list', listId: 2_000_000_000, selection: { ids } }, 'List not found', 404);
  });

  it('adds to a list, re-statuses and deletes every remaining contact when the match is everything (9 chunks each)', async () => {
    const total = await matching('');
    const list = await createList('Everyone');
    const result = await json<ContactsBulkResult>(
      await bulk({ action: 'add_to_list', listId: list.id, selection: { match: {} } }),
    );
    expect(result).toMatchObject({ matched: total, changed: total });
    expect(await listCount(list.id)).toBe(total);
    await json(await bulk({ action: 'set_status', status: 'other', selection: { match: { status: 'subscribed' } } }));
    const deleted = await json<ContactsBulkResult>(await bulk({ action: 'delete', selection: { match: {} } }));
    expect(deleted).toMatchObject({ matched: total, changed: total });
    expect(await matching('')).toBe(0);
    expect(await listCount(list.id)).toBe(0);
  });

  const upload = (csv: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
    return fetch(`${stack.baseUrl}/api/marketing/contacts/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };

  it('imports into a new list and into an existing one: new and known contacts join it', async () => {
    const csv = 'email,firstName\nnew.one@example.com,New\nnew.two@example.com,Two\n';
    const made = await json<ImportResult>(await upload(csv, { newListName: 'Open house, June' }));
    expect(made).toMatchObject({ imported: 2, updated: 0, list: { name: 'Open house, June' } });
    expect(await listCount(made.list!.id)).toBe(2);

    const existing = await createList('Lot 12 leads');
    const again = 'email\nNEW.ONE@example.com\nthird@example.com\n';
    const into = await json<ImportResult>(await upload(again, { listId: String(existing.id) }));
    // The known contact's row changes none of its fields (unchanged), and it joins the list all the same.
    expect(into).toMatchObject({
      imported: 1,
      updated: 0,
      unchanged: 1,
      list: { id: existing.id, name: 'Lot 12 leads' },
    });
    expect(await listCount(existing.id)).toBe(2);
    expect(await matching(`listId=${existing.id}&q=new.one`)).toBe(1);

    const both = await upload(csv, { listId: String(existing.id), newListName: 'Another' });
    expect(both.status).toBe(400);
    expect(await both.text()).toContain('Choose an existing list or name a new one, not both');
    const gone = await upload(csv, { listId: '2000000000' });
    expect(gone.status).toBe(404);
  });

  it('reports an import’s rows stored of rows read under its progress id', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `bulk.progress.${i}@example.com`).join('\n');
    const progressId = crypto.randomUUID();
    const form = new FormData();
    form.append('file', new Blob([`email\n${rows}\n`], { type: 'text/csv' }), 'contacts.csv');
    const res = await fetch(`${stack.baseUrl}/api/marketing/contacts/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'X-Progress-Id': progressId },
      body: form,
    });
    expect(await json<ImportResult>(res)).toMatchObject({ imported: 3000 });
    expect(await json<OperationProgress>(await api(`/api/marketing/contacts/operations/${progressId}`))).toEqual({
      done: 3000,
      total: 3000,
      finished: true,
    });
    expect((await api(`/api/marketing/contacts/operations/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

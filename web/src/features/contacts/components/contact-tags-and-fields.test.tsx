/**
 * Tags and custom fields in the dashboard, with a fake API: the tag input adds tags with Enter and
 * a comma, removes one by its named button and the last by Backspace, and the save sends them;
 * a custom number field refuses "abc" on its field without sending anything; a value the server
 * refuses is shown on its field; the contacts table's Columns picker adds the Tags and a custom
 * field column, and the choice survives a reload; the Custom fields dialog adds a field and
 * deletes one only after a confirmation.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Contact, CustomField } from '@lp/contracts';
import { Toaster } from '../../../components/toast/toaster';
import { FreshCache } from '../../../test/fresh-cache';
import { json } from '../../../test/fake-api';
import { contactOf } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render-in-router';
import { ContactDialogs, type OpenDialog } from './contact-dialogs';
import { ContactsPage } from './contacts-page';
import { SHOWN_COLUMNS_STORAGE_KEY } from '../lib/shown-columns';

const fieldOf = (id: number, key: string, name: string, type: CustomField['type']): CustomField => ({
  id,
  key,
  name,
  type,
  createdAt: '2026-11-01T16:00:00.000Z',
  updatedAt: '2026-11-01T16:00:00.000Z',
  version: 1,
});
const budget = fieldOf(1, 'budget', 'Budget', 'number');
const moveIn = fieldOf(2, 'move_in', 'Move-in', 'date');

let fields: CustomField[] = [];
let calls: { method: string; url: string; body?: Record<string, unknown> }[] = [];
let postAnswer: (body: Record<string, unknown>) => Response;
const ann = contactOf(3, { email: 'ann@example.com', tags: ['vip'], customFields: { budget: 250000 } });

beforeEach(() => {
  fields = [budget, moveIn];
  calls = [];
  localStorage.clear();
  postAnswer = (body) => json(contactOf(9, body as Partial<Contact>), 201);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ method, url, body });
    if (url === '/api/marketing/custom-fields' && method === 'GET') return json(fields);
    if (url === '/api/marketing/custom-fields' && method === 'POST') {
      const made = fieldOf(7, String(body!.key || 'lot_view'), String(body!.name), body!.type as CustomField['type']);
      fields = [...fields, made];
      return json(made, 201);
    }
    if (url.startsWith('/api/marketing/custom-fields/') && method === 'DELETE') {
      fields = fields.filter((f) => f.id !== Number(url.split('/').pop()));
      return new Response(null, { status: 204 });
    }
    if (url === '/api/marketing/contacts' && method === 'POST') return postAnswer(body!);
    if (url.startsWith('/api/marketing/contacts?'))
      return new Response(JSON.stringify([ann]), {
        headers: { 'content-type': 'application/json', 'x-total-count': '1' },
      });
    return json([]);
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function Screen() {
  const [open, setOpen] = useState<OpenDialog>(null);
  return (
    <FreshCache>
      <button type="button" onClick={() => setOpen({ kind: 'add' })}>
        Add Contact
      </button>
      <ContactDialogs open={open} onClose={() => setOpen(null)} onChanged={() => {}} />
      <Toaster />
    </FreshCache>
  );
}

const posts = () => calls.filter((c) => c.method === 'POST' && c.url === '/api/marketing/contacts');

it(
  'adds tags with Enter and a comma, removes them by button and Backspace, and saves them',
  { timeout: 20_000 },
  async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(await dialog.findByLabelText('Email', { exact: false }), 'rae@example.com');
    const tags = dialog.getByLabelText('Tags');
    await user.type(tags, 'VIP{Enter}Lake view,investor,vip,');
    expect(dialog.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['vip×', 'lake view×', 'investor×']);
    await user.click(dialog.getByRole('button', { name: 'Remove tag lake view' }));
    await user.type(tags, 'old{Enter}{Backspace}');
    expect(dialog.queryByRole('button', { name: 'Remove tag old' })).toBeNull();
    await user.type(tags, 'x'.repeat(51) + '{Enter}');
    expect(dialog.getByRole('alert').textContent).toBe('A tag is at most 50 characters');
    await user.clear(tags);
    await user.type(dialog.getByLabelText('Budget'), '185000');
    await user.click(dialog.getByRole('button', { name: 'Add Contact' }));
    await screen.findByText('Contact added successfully');
    expect(posts()[0]!.body).toMatchObject({
      email: 'rae@example.com',
      tags: ['vip', 'investor'],
      customFields: { budget: '185000', move_in: null },
    });
  },
);

it(
  'refuses "abc" in a number field on the field, and shows a value the server refuses on its field',
  { timeout: 20_000 },
  async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(await dialog.findByLabelText('Email', { exact: false }), 'sol@example.com');
    await user.type(dialog.getByLabelText('Budget'), 'abc');
    await user.click(dialog.getByRole('button', { name: 'Add Contact' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Budget must be a number');
    expect(dialog.getByLabelText('Budget').getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toHaveLength(0);

    postAnswer = () =>
      json(
        {
          error: {
            code: 'validation_failed',
            message: 'Some fields need attention',
            details: { fields: { 'customFields.move_in': ['Move-in must be a date (YYYY-MM-DD)'] } },
          },
        },
        400,
      );
    await user.clear(dialog.getByLabelText('Budget'));
    await user.type(dialog.getByLabelText('Budget'), '12.5');
    await user.click(dialog.getByRole('button', { name: 'Add Contact' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect((await dialog.findByRole('alert')).textContent).toBe('Move-in must be a date (YYYY-MM-DD)');
    expect(screen.getByRole('dialog')).toBeTruthy();
  },
);

it(
  'shows the Tags and a custom field column when picked, and keeps the choice after a reload',
  { timeout: 20_000 },
  async () => {
    const user = userEvent.setup();
    const first = renderScreen(<ContactsPage />);
    await screen.findByText('ann@example.com');
    expect(screen.queryByRole('columnheader', { name: 'Tags' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Tags' }));
    await user.click(screen.getByRole('checkbox', { name: 'Budget' }));
    expect(screen.getByRole('columnheader', { name: 'Tags' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Budget' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '250000' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(SHOWN_COLUMNS_STORAGE_KEY)!)).toEqual(['tags', 'custom:budget']);
    first.unmount();

    renderScreen(<ContactsPage />);
    await screen.findByText('ann@example.com');
    expect(await screen.findByRole('columnheader', { name: 'Budget' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Tags' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Move-in' })).toBeNull();
  },
);

it('adds a custom field, and deletes one only once the confirmation is accepted', { timeout: 20_000 }, async () => {
  const user = userEvent.setup();
  renderScreen(<ContactsPage />);
  await user.click(await screen.findByRole('button', { name: 'Custom fields' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Custom fields' }));
  await dialog.findByText('Budget');
  await user.type(dialog.getByLabelText('Field name', { exact: false }), 'Lot view');
  await user.selectOptions(dialog.getByLabelText('Type'), 'boolean');
  await user.click(dialog.getByRole('button', { name: 'Add field' }));
  await dialog.findByText('Lot view');
  expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Lot view', key: '', type: 'boolean' });

  await user.click(dialog.getByRole('button', { name: 'Delete Budget' }));
  const confirm = within(await screen.findByRole('dialog', { name: 'Delete custom field' }));
  expect(confirm.getByText('Delete Budget? Its value is removed from every contact.')).toBeTruthy();
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  await user.click(confirm.getByRole('button', { name: 'Delete' }));
  await waitFor(() =>
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/marketing/custom-fields/1']),
  );
  const reopened = within(await screen.findByRole('dialog', { name: 'Custom fields' }));
  await waitFor(() => expect(reopened.queryByText('Budget')).toBeNull());
  expect(reopened.getByText('Lot view')).toBeTruthy();
});

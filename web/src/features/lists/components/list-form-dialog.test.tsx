/**
 * Create List and Edit List with a fake API: Create opens empty every time, Edit opens with the
 * chosen list as stored now, a name another list has is shown on the field, and a save refused
 * because the list changed since keeps what was typed and says why.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { ContactList } from '@lp/contracts';
import { Toaster } from '../../../components/toast/toaster';
import { FreshCache } from '../../../test/fresh-cache';
import { ListFormDialog } from './list-form-dialog';
import { json } from '../../../test/fake-api';

const list = (id: number, name: string, over: Partial<ContactList> = {}): ContactList => ({
  id,
  name,
  description: null,
  contact_count: 0,
  created_at: '2026-11-01T16:00:00.000Z',
  updated_at: '2026-11-01T16:00:00.000Z',
  version: 1,
  ...over,
});
const buyers = list(1, 'Buyers', { description: 'Ready to buy', version: 5 });
const mesa = list(2, 'Mesa leads', { description: 'From the mesa page' });

let calls: { method: string; url: string; body?: unknown }[] = [];
let answer: (method: string, body: Record<string, unknown>) => Response;
const stored: Record<string, ContactList> = { '/api/marketing/lists/1': buyers, '/api/marketing/lists/2': mesa };

beforeEach(() => {
  calls = [];
  answer = (method, body) => json(list(9, String(body.name)), method === 'POST' ? 201 : 200);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    calls.push({ method, url, body });
    if (method === 'GET') return json(stored[url] ?? []);
    return answer(method, body);
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

type Open = { kind: 'create' } | { kind: 'edit'; list: ContactList } | null;

function Screen({ rows }: { rows: ContactList[] }) {
  const [open, setOpen] = useState<Open>(null);
  return (
    <FreshCache>
      <button type="button" onClick={() => setOpen({ kind: 'create' })}>
        New list
      </button>
      {rows.map((l) => (
        <button key={l.id} type="button" onClick={() => setOpen({ kind: 'edit', list: l })}>
          Edit {l.name}
        </button>
      ))}
      <ListFormDialog
        open={open !== null}
        listId={open?.kind === 'edit' ? open.list.id : undefined}
        onClose={() => setOpen(null)}
      />
      <Toaster />
    </FreshCache>
  );
}

const name = () => screen.getByLabelText('List name', { exact: false }) as HTMLInputElement;
const description = () => screen.getByLabelText('Description') as HTMLTextAreaElement;

// Typing field by field in jsdom: slower than a test's default 5 s on a busy machine.
it('opens Create List empty every time, also after a list was created', { timeout: 20_000 }, async () => {
  const user = userEvent.setup();
  render(<Screen rows={[]} />);
  await user.click(screen.getByRole('button', { name: 'New list' }));
  await user.type(name(), 'Spring buyers');
  await user.type(description(), 'Open house visitors');
  await user.click(screen.getByRole('button', { name: 'Create List' }));
  await screen.findByText('List created');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await user.click(screen.getByRole('button', { name: 'New list' }));
  expect([name().value, description().value]).toEqual(['', '']);
});

it(
  'opens Edit with the chosen list as stored now: Edit on Buyers, cancel, Edit on Mesa shows Mesa',
  { timeout: 20_000 },
  async () => {
    const user = userEvent.setup();
    render(<Screen rows={[{ ...buyers, name: 'Old name', version: 4 }, mesa]} />);
    await user.click(screen.getByRole('button', { name: 'Edit Old name' }));
    await screen.findByDisplayValue('Buyers');
    expect(description().value).toBe('Ready to buy');
    await user.type(name(), ' typed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit Mesa leads' }));
    await screen.findByDisplayValue('Mesa leads');
    expect(description().value).toBe('From the mesa page');
  },
);

it(
  'shows a taken name on the field, and a save of a list changed since with what was typed kept',
  { timeout: 20_000 },
  async () => {
    const user = userEvent.setup();
    render(<Screen rows={[buyers]} />);
    const taken = 'A list named Mesa leads already exists';
    answer = () => json({ error: { code: 'conflict', message: taken, details: { fields: { name: [taken] } } } }, 409);
    await user.click(screen.getByRole('button', { name: 'Edit Buyers' }));
    await screen.findByDisplayValue('Buyers');
    await user.clear(name());
    await user.type(name(), 'MESA LEADS');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(taken)).toBeTruthy();

    answer = () => json({ error: { code: 'conflict', message: 'This list was changed since you opened it' } }, 409);
    await user.clear(name());
    await user.type(name(), 'Buyers 2026');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('This list was changed since you opened it')).toBeTruthy();
    expect(name().value).toBe('Buyers 2026');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { name: 'MESA LEADS', description: 'Ready to buy', version: 5 },
      { name: 'Buyers 2026', description: 'Ready to buy', version: 5 },
    ]);
  },
);

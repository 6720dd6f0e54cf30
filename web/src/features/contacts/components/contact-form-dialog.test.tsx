/**
 * Add Contact and Edit with a fake API: Add opens empty every time (seen: three contacts saved
 * with Dana's phone, address and notes), Edit opens with the chosen contact as stored now (not the
 * table's copy, not the contact edited before), and a save refused because the contact changed
 * since keeps what was typed, says why, and can load the stored version.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Contact } from '@lp/contracts';
import { Toaster } from '../../../components/toast/toaster';
import { FreshCache } from '../../../test/fresh-cache';
import { ContactDialogs, type OpenDialog } from './contact-dialogs';
import { json } from '../../../test/fake-api';
import { contactOf } from '../../../test/fixtures';

const contact = (id: number, over: Partial<Contact>): Contact => contactOf(id, over);

const dana = contact(1, {
  email: 'dana@example.com',
  firstName: 'Dana',
  phone: '928-555-0101',
  metadata: { address: '1 Lake Rd', notes: 'Wants a lake view' },
  version: 3,
});
const eli = contact(2, { email: 'eli@example.com', firstName: 'Eli', lastName: 'Reyes', version: 7 });

let stored: Record<number, Contact> = {};
let calls: { method: string; url: string; body?: unknown }[] = [];
let putAnswer: (body: Record<string, unknown>) => Response;

beforeEach(() => {
  stored = { 1: dana, 2: eli };
  calls = [];
  putAnswer = (body) => json({ ...stored[1], ...body });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ method, url, body });
    const id = Number(/\/contacts\/(\d+)$/.exec(url)?.[1]);
    if (method === 'GET' && stored[id]) return json(stored[id]);
    if (method === 'POST') return json(contact(9, body as Partial<Contact>), 201);
    if (method === 'PUT') return putAnswer(body!);
    return json([]);
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The contacts screen's buttons, reduced to what opens the dialogs; `rows` is the table's (older) copy. */
function Screen({ rows }: { rows: Contact[] }) {
  const [open, setOpen] = useState<OpenDialog>(null);
  return (
    <FreshCache>
      <button type="button" onClick={() => setOpen({ kind: 'add' })}>
        Add Contact
      </button>
      {rows.map((c) => (
        <button key={c.id} type="button" onClick={() => setOpen({ kind: 'edit', contact: c })}>
          Edit {c.email}
        </button>
      ))}
      <ContactDialogs open={open} onClose={() => setOpen(null)} onChanged={() => {}} />
      <Toaster />
    </FreshCache>
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const values = () => ['Email', 'First name', 'Last name', 'Phone', 'Address', 'Notes'].map((l) => field(l).value);

// Typing field by field in jsdom: slower than a test's default 5 s on a busy machine.
it(
  'opens Add Contact empty every time: after a contact was added and after a cancel',
  { timeout: 20_000 },
  async () => {
    const user = userEvent.setup();
    render(<Screen rows={[]} />);
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    await user.type(field('Email'), 'dana@example.com');
    await user.type(field('Phone'), '928-555-0101');
    await user.type(field('Address'), '1 Lake Rd');
    await user.type(field('Notes'), 'Wants a lake view');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add Contact' }));
    await screen.findByText('Contact added successfully');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(values()).toEqual(['', '', '', '', '', '']);
    await user.type(field('Notes'), 'typed, then cancelled');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(values()).toEqual(['', '', '', '', '', '']);
  },
);

it(
  'opens Edit with the chosen contact as stored now: Edit on Dana, cancel, Edit on Eli shows Eli',
  { timeout: 20_000 },
  async () => {
    const user = userEvent.setup();
    // The table's copy of Dana is older than the stored one (her phone changed since it loaded).
    render(<Screen rows={[{ ...dana, phone: '000', version: 2 }, eli]} />);
    await user.click(screen.getByRole('button', { name: 'Edit dana@example.com' }));
    await screen.findByDisplayValue('dana@example.com');
    expect(values()).toEqual(['dana@example.com', 'Dana', '', '928-555-0101', '1 Lake Rd', 'Wants a lake view']);
    await user.clear(field('Phone'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Edit eli@example.com' }));
    await screen.findByDisplayValue('eli@example.com');
    expect(values()).toEqual(['eli@example.com', 'Eli', 'Reyes', '', '', '']);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(values()).toEqual(['', '', '', '', '', '']);
    expect(calls.filter((c) => c.method === 'GET' && c.url.includes('/contacts/')).map((c) => c.url)).toEqual([
      '/api/marketing/contacts/1',
      '/api/marketing/contacts/2',
    ]);
  },
);

it(
  'sends the version opened; a save refused because the contact changed keeps what was typed and says why',
  { timeout: 20_000 },
  async () => {
    putAnswer = () =>
      json({ error: { code: 'conflict', message: 'This contact was changed since you opened it' } }, 409);
    const user = userEvent.setup();
    render(<Screen rows={[dana]} />);
    await user.click(screen.getByRole('button', { name: 'Edit dana@example.com' }));
    await screen.findByDisplayValue('dana@example.com');
    await user.clear(field('Notes'));
    await user.type(field('Notes'), 'Called back on Monday');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const alert = await screen.findByText('This contact was changed since you opened it');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(field('Notes').value).toBe('Called back on Monday');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      metadata: { notes: 'Called back on Monday' },
      version: 3,
    });

    // Someone else saved a new phone; loading the stored version shows it (and drops what was typed).
    stored[1] = { ...dana, phone: '928-555-0999', version: 4 };
    await user.click(screen.getByRole('button', { name: 'Load stored version' }));
    await screen.findByDisplayValue('928-555-0999');
    expect(field('Notes').value).toBe('Wants a lake view');
    expect(screen.queryByText('This contact was changed since you opened it')).toBeNull();
  },
);

it('shows a known e-mail on the field', { timeout: 20_000 }, async () => {
  putAnswer = () => {
    const message = 'A contact with the email eli@example.com already exists';
    return json({ error: { code: 'conflict', message, details: { fields: { email: [message] } } } }, 409);
  };
  const user = userEvent.setup();
  render(<Screen rows={[dana]} />);
  await user.click(screen.getByRole('button', { name: 'Edit dana@example.com' }));
  await screen.findByDisplayValue('dana@example.com');
  await user.clear(field('Email'));
  await user.type(field('Email'), 'eli@example.com');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('A contact with the email eli@example.com already exists')).toBeTruthy();
  expect(screen.queryByText('Load stored version')).toBeNull();
});

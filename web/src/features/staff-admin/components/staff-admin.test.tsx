import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditPage, StaffAccount } from '@lp/contracts';
import { dismissToast, getToasts } from '../../../components/toast/toast-store';
import { renderInRouter } from '../../../test/render-in-router';
import { json, stubRoutedFetch, type ApiCall, type ApiRoutes } from '../../../test/fake-api';
import { withOwnCache } from '../../../test/fresh-cache';
import { AuditLogPage } from './audit-log-page';
import { StaffAccountsPage } from './staff-accounts-page';

const account = (id: number, username: string, over: Partial<StaffAccount> = {}): StaffAccount => ({
  id,
  username,
  role: 'staff',
  disabled: false,
  createdAt: '2026-11-20T16:00:00.000Z',
  lastLoginAt: null,
  ...over,
});

const calls: ApiCall[] = [];
let routes: ApiRoutes = {};
/** The texts a control's aria-describedby points at, in order (its accessible description). */
const descriptionOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);
const POLICY = 'At least 12 characters and 5 different ones; not the username, not a well-known password.';
const fresh = withOwnCache;

beforeEach(() => {
  calls.length = 0;
  routes = {};
  stubRoutedFetch(() => routes, calls);
});
afterEach(() => {
  vi.unstubAllGlobals();
  getToasts().forEach((t) => dismissToast(t.id));
});

describe('Staff accounts screen', () => {
  it('lists accounts, refuses a weak password before sending it, adds an account and disables one', async () => {
    let accounts = [
      account(1, 'owner', { role: 'owner', lastLoginAt: '2026-11-23T10:00:00.000Z' }),
      account(2, 'dana.w'),
    ];
    routes['GET /api/marketing/staff'] = () => json(accounts);
    routes['POST /api/marketing/staff'] = (c) => {
      const b = c.body as { username: string; role: 'staff' | 'owner' };
      accounts = [...accounts, account(3, b.username, { role: b.role })];
      return json(accounts.at(-1), 201);
    };
    routes['POST /api/marketing/staff/2/disable'] = () => {
      accounts = accounts.map((a) => (a.id === 2 ? { ...a, disabled: true } : a));
      return json(accounts[1]);
    };
    const user = userEvent.setup();
    renderInRouter(fresh(<StaffAccountsPage currentUserId={1} />));
    const table = await screen.findByRole('table', { name: 'Staff accounts' });
    expect(within(table).getByText('dana.w')).toBeTruthy();
    // No Disable button for oneself.
    expect(screen.queryByRole('button', { name: 'Disable owner' })).toBeNull();

    expect(descriptionOf(screen.getByLabelText('Password'))).toEqual([POLICY]);
    await user.type(screen.getByLabelText('Username'), 'sam.k');
    await user.type(screen.getByLabelText('Password'), 'sam.k-password-1');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('The password must not contain the username')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(screen.getByLabelText('Password'))).toEqual([
      POLICY,
      'The password must not contain the username',
    ]);
    expect(screen.getByRole('alert').textContent).toBe('The password must not contain the username');
    expect(screen.getByLabelText('Username').hasAttribute('aria-invalid')).toBe(false);

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Canyon-Sunrise-48');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Account added'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      username: 'sam.k',
      password: 'Canyon-Sunrise-48',
      role: 'staff',
    });
    expect(await within(table).findByText('sam.k')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Disable dana.w' }));
    // Disabling signs the account out everywhere: it asks first, and Cancel changes nothing.
    const ask = () => screen.getByRole('dialog', { name: 'Disable Account' });
    expect(ask().textContent).toContain('Disable dana.w?');
    await user.click(within(ask()).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.url.endsWith('/disable'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Disable dana.w' }));
    await user.click(within(ask()).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Account disabled'));
    expect(await screen.findByRole('button', { name: 'Enable dana.w' })).toBeTruthy();
  }, 20_000);

  it('checks a new password against the policy before resetting it', async () => {
    routes['GET /api/marketing/staff'] = () => json([account(1, 'owner', { role: 'owner' }), account(2, 'dana.w')]);
    routes['POST /api/marketing/staff/2/password'] = () => json(account(2, 'dana.w'));
    const user = userEvent.setup();
    renderInRouter(fresh(<StaffAccountsPage currentUserId={1} />));
    await user.click(await screen.findByRole('button', { name: 'Reset password of dana.w' }));
    const field = screen.getByLabelText('New password for dana.w');
    await user.type(field, 'short');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Use at least 12 characters')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(field)).toEqual([POLICY, 'Use at least 12 characters']);
    await user.clear(field);
    await user.type(field, 'Mesa-Juniper-73');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Password reset'));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { password: 'Mesa-Juniper-73' } });
  });
});

describe('Audit log screen', () => {
  it('shows who did what, newest first, and pages to older entries', async () => {
    const page1: AuditPage = {
      entries: [
        {
          id: '9',
          at: '2026-11-23T10:05:00.000Z',
          actor: 'owner',
          action: 'blog.publish',
          outcome: 'done',
          target: 'article 4',
          details: { title: 'Sun' },
        },
        {
          id: '8',
          at: '2026-11-23T10:00:00.000Z',
          actor: 'owner',
          action: 'auth.sign_in',
          outcome: 'done',
          target: null,
          details: {},
        },
      ],
      nextCursor: '8',
    };
    const page2: AuditPage = {
      entries: [
        {
          id: '3',
          at: '2026-11-22T09:00:00.000Z',
          actor: 'owner',
          action: 'staff.disable',
          outcome: 'done',
          target: 'dana.w',
          details: {},
        },
      ],
      nextCursor: null,
    };
    routes['GET /api/marketing/audit?limit=50'] = () => json(page1);
    routes['GET /api/marketing/audit?limit=50&cursor=8'] = () => json(page2);
    const user = userEvent.setup();
    renderInRouter(fresh(<AuditLogPage />));
    const table = await screen.findByRole('table', { name: 'Staff actions, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual(['Published article', 'Signed in']);
    expect(within(rows[0]!).getByText('title: Sun')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Disabled staff account')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Older' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Newest' }));
    expect(await screen.findByText('Published article')).toBeTruthy();
  });

  it('says which actions did not take effect, or whose outcome is unknown', async () => {
    const entry = (id: string, outcome: AuditPage['entries'][number]['outcome']): AuditPage['entries'][number] => ({
      id,
      at: '2026-11-23T10:00:00.000Z',
      actor: 'owner',
      action: 'template.update',
      outcome,
      target: `template ${id}`,
      details: { changed: ['subject'] },
    });
    routes['GET /api/marketing/audit?limit=50'] = () =>
      json({ entries: [entry('4', 'failed'), entry('3', 'unknown'), entry('2', 'pending'), entry('1', 'done')] });
    renderInRouter(fresh(<AuditLogPage />));
    const table = await screen.findByRole('table', { name: 'Staff actions, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[4]!.textContent)).toEqual([
      'Failed',
      'Outcome unknown',
      'No answer recorded',
      'Done',
    ]);
    expect(within(rows[0]!).getByText('Edited template')).toBeTruthy();
  });
});

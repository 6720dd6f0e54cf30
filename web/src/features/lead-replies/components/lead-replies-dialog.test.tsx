/**
 * The lead replies' settings with a fake API: an owner turns on the reply for lot leads with a
 * template (refused without one, on the field), turns on the alert in round robin for a staff
 * account and a typed address, and saves; a field the server refuses is shown on it; another
 * staff member reads the settings without changing them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeadReplySettingsView, Template } from '@lp/contracts';
import { Toaster } from '../../../components/toast/toaster';
import { renderScreen } from '../../../test/render-in-router';
import { json, stubRoutedFetch, type ApiCall, type ApiRoutes } from '../../../test/fake-api';
import { LeadRepliesButton } from './lead-replies-button';

const KEY = '/api/marketing/lead-replies/settings';
const off = { enabled: false, templateId: null };
const OFF: LeadReplySettingsView = {
  replies: { lot: off, home: off, builder_package: off, investment: off, general: off },
  alert: { enabled: false, mode: 'all', recipients: [] },
  updatedAt: null,
  updatedBy: null,
  accounts: [
    { id: 1, username: 'owner@lakepowelllots.com', disabled: false },
    { id: 2, username: 'sam', disabled: false },
    { id: 3, username: 'gone.staff', disabled: true },
  ],
  canEdit: true,
};
const template = { id: 4, name: 'Lot reply' } as Template;

const apiCalls: ApiCall[] = [];
let routes: ApiRoutes = {};
let user: UserEvent;
beforeEach(() => {
  apiCalls.length = 0;
  routes = { 'GET /api/marketing/templates': () => json([template]) };
  stubRoutedFetch(() => routes, apiCalls);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  user = userEvent.setup();
});
afterEach(() => vi.restoreAllMocks());

const open = async () => {
  renderScreen(
    <>
      <LeadRepliesButton />
      <Toaster />
    </>,
  );
  await user.click(await screen.findByRole('button', { name: /Lead replies · / }));
  return screen.findByRole('dialog', { name: 'Lead replies and alerts' });
};

describe('lead replies settings', () => {
  it('lets an owner switch a reply on with its template and alert chosen staff in turn', async () => {
    let stored = OFF;
    let refuseOnce = true;
    let saved: unknown;
    routes[`GET ${KEY}`] = () => json(stored);
    routes[`PUT ${KEY}`] = ({ body }) => {
      if (refuseOnce) {
        refuseOnce = false;
        const fields = { 'alert.recipients.0.staffId': ['Choose an enabled staff account'] };
        return json(
          { error: { code: 'validation_failed', message: 'Some fields need attention', details: { fields } } },
          400,
        );
      }
      saved = body;
      stored = { ...OFF, ...(body as object), updatedAt: '2026-11-29T05:00:00.000Z' } as LeadReplySettingsView;
      return json(stored);
    };
    const dialog = await open();
    expect(within(dialog).queryByText('gone.staff')).toBeNull();

    await user.click(within(dialog).getByLabelText('Reply to lot leads'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose a template to turn the reply on')).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Template for lot leads'), 'Lot reply');

    await user.click(within(dialog).getByLabelText('Alert staff of every new lead'));
    await user.selectOptions(within(dialog).getByLabelText('Who is alerted'), 'round_robin');
    await user.click(within(dialog).getByLabelText('owner@lakepowelllots.com'));
    expect((within(dialog).getByLabelText('Email for owner@lakepowelllots.com') as HTMLInputElement).value).toBe(
      'owner@lakepowelllots.com',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add an address' }));
    await user.type(within(dialog).getByLabelText('Other address 2'), 'sales@lakepowelllots.com');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose an enabled staff account')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saved).toEqual({
      replies: { ...OFF.replies, lot: { enabled: true, templateId: 4 } },
      alert: {
        enabled: true,
        mode: 'round_robin',
        recipients: [
          { staffId: 1, email: 'owner@lakepowelllots.com' },
          { staffId: null, email: 'sales@lakepowelllots.com' },
        ],
      },
    });
    expect(await screen.findByText('Lead replies saved')).toBeTruthy();
    expect(await screen.findByRole('button', { name: /1 of 5 replies on, alert on/ })).toBeTruthy();
  });

  it('shows the settings to staff who are not owners without letting them change them', async () => {
    routes[`GET ${KEY}`] = () =>
      json({ ...OFF, canEdit: false, replies: { ...OFF.replies, home: { enabled: true, templateId: 4 } } });
    const dialog = await open();
    expect(within(dialog).getByText('Only an owner can change the lead replies.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Reply to home leads') as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByLabelText('Reply to home leads').matches(':disabled')).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(apiCalls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

/**
 * The weekly report's settings with a fake API: an owner turns it on, picks the weekday, the hour
 * and recipients among the enabled staff accounts (an address checked before saving, a field the
 * server refuses shown on it), and saves; another staff member reads it without changing it and
 * sends themselves a test copy; the latest report is described.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WeeklyReportView } from '@lp/contracts';
import { Toaster } from '../../../components/toast/toaster';
import { renderScreen } from '../../../test/render-in-router';
import { json, stubRoutedFetch, type ApiCall, type ApiRoutes } from '../../../test/fake-api';
import { WeeklyReportButton } from './weekly-report-button';

const KEY = '/api/marketing-dashboard/weekly-report';
const OFF: WeeklyReportView = {
  enabled: false,
  weekday: 1,
  hour: 8,
  timeZone: 'America/Phoenix',
  recipients: [],
  updatedAt: null,
  updatedBy: null,
  lastReport: null,
  accounts: [
    { id: 1, username: 'owner@lakepowelllots.com', disabled: false },
    { id: 2, username: 'sam', disabled: false },
    { id: 3, username: 'gone.staff', disabled: true },
  ],
  canEdit: true,
};

const apiCalls: ApiCall[] = [];
let routes: ApiRoutes = {};
let user: UserEvent;
beforeEach(() => {
  apiCalls.length = 0;
  routes = {};
  stubRoutedFetch(() => routes, apiCalls);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  user = userEvent.setup();
});
afterEach(() => vi.restoreAllMocks());

const open = async () => {
  renderScreen(
    <>
      <WeeklyReportButton />
      <Toaster />
    </>,
  );
  await user.click(await screen.findByRole('button', { name: /Weekly report · / }));
  return screen.findByRole('dialog', { name: 'Weekly report' });
};

describe('weekly report settings', () => {
  it('lets an owner turn it on for chosen accounts, checking each address, and saves it', async () => {
    let stored = OFF;
    let refuseOnce = true;
    routes[`GET ${KEY}`] = () => json(stored);
    routes[`PUT ${KEY}`] = ({ body }) => {
      if (refuseOnce) {
        refuseOnce = false;
        const fields = { 'recipients.1.staffId': ['Choose an enabled staff account'] };
        return json(
          { error: { code: 'validation_failed', message: 'Some fields need attention', details: { fields } } },
          400,
        );
      }
      const form = body as Pick<WeeklyReportView, 'enabled' | 'weekday' | 'hour'>;
      stored = { ...OFF, ...form, updatedAt: '2026-11-28T20:00:00.000Z' };
      return json(stored);
    };
    const dialog = await open();
    expect(within(dialog).queryByText('gone.staff')).toBeNull();
    expect(within(dialog).getByText('No weekly report has been sent yet.')).toBeTruthy();

    await user.click(within(dialog).getByLabelText('Send the weekly report'));
    await user.selectOptions(within(dialog).getByLabelText('Weekday'), 'Wednesday');
    await user.selectOptions(within(dialog).getByLabelText('Hour'), '07:00');
    await user.click(within(dialog).getByLabelText('owner@lakepowelllots.com'));
    expect((within(dialog).getByLabelText('Email for owner@lakepowelllots.com') as HTMLInputElement).value).toBe(
      'owner@lakepowelllots.com',
    );
    await user.click(within(dialog).getByLabelText('sam'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Valid email is required')).toBeTruthy();
    expect(apiCalls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(within(dialog).getByLabelText('Email for sam'), 'sam@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose an enabled staff account')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Weekly report saved')).toBeTruthy();
    expect(apiCalls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      enabled: true,
      weekday: 3,
      hour: 7,
      recipients: [
        { staffId: 1, email: 'owner@lakepowelllots.com' },
        { staffId: 2, email: 'sam@example.com' },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Weekly report · Wednesdays 07:00' })).toBeTruthy();
  });

  it('shows staff the settings and the latest report without letting them change it, and sends them a test', async () => {
    routes[`GET ${KEY}`] = () =>
      json({
        ...OFF,
        enabled: true,
        canEdit: false,
        recipients: [{ staffId: 2, username: 'sam', email: 'sam@example.com', account: 'active' }],
        lastReport: {
          slotDay: '2026-11-23',
          from: '2026-11-16',
          to: '2026-11-22',
          status: 'sent',
          sentTo: 1,
          detail: null,
          at: '2026-11-23T15:00:02.000Z',
        },
      } satisfies WeeklyReportView);
    routes[`POST ${KEY}/test`] = ({ body }) =>
      json({ delivered: true, detail: `The mail relay accepted it for ${(body as { email: string }).email}.` });
    const dialog = await open();
    expect(within(dialog).getByText('Only an owner can change the weekly report.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    // Disabled by its fieldset.
    expect(within(dialog).getByLabelText('Send the weekly report').matches(':disabled')).toBe(true);
    expect(
      within(dialog).getByText(/Last report: the week of Nov 16 – Nov 22, 2026, sent to 1 recipient/),
    ).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Send a test to'), 'me@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send a test now' }));
    expect(
      await within(dialog).findByText('Test report sent. The mail relay accepted it for me@example.com.'),
    ).toBeTruthy();
    expect(apiCalls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'me@example.com' });
  });
});

/**
 * The Journeys screen with a fake API: each journey's steps in words with who waits at, passed
 * and left each, and Pause sending the status and showing the journey paused.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { JourneyWithStats } from '@lp/contracts';
import { Toaster } from '../../../components/toast/toaster';
import { FreshCache } from '../../../test/fresh-cache';
import { json, stubRoutedFetch, type ApiCall, type ApiRoutes } from '../../../test/fake-api';
import { JourneysPage } from './journeys-page';

const at = '2026-11-01T16:00:00.000Z';
let journey: JourneyWithStats;
let calls: ApiCall[] = [];
let routes: ApiRoutes;

beforeEach(() => {
  calls = [];
  journey = {
    id: 4,
    name: 'Lot leads',
    status: 'active',
    version: 2,
    trigger: { kind: 'form_submission', interest: 'lot' },
    exits: { replied: true, customer: true },
    steps: [
      { id: 'hello', kind: 'send', templateId: 7 },
      { id: 'pause', kind: 'wait', seconds: 259_200 },
      { id: 'clicked', kind: 'branch', condition: 'clicked', yes: null, no: 'bye' },
      { id: 'bye', kind: 'end' },
    ],
    createdAt: at,
    updatedAt: at,
    stats: {
      journeyId: 4,
      entered: 1200,
      active: 900,
      completed: 250,
      exited: 50,
      exitedBy: { unsubscribed_or_bounced: 30, replied: 15, customer: 5 },
      steps: [
        { stepId: 'hello', waiting: 0, passed: 1200, left: 0 },
        { stepId: 'pause', waiting: 900, passed: 300, left: 50 },
        { stepId: 'clicked', waiting: 0, passed: 250, left: 0 },
        { stepId: 'bye', waiting: 0, passed: 250, left: 0 },
      ],
    },
  };
  routes = {
    'GET /api/marketing/journeys': () => json([journey]),
    'GET /api/marketing/templates': () => json([]),
    'GET /api/marketing/lists': () => json([]),
    'PUT /api/marketing/journeys/4/status': (c) => {
      journey = { ...journey, status: (c.body as { status: 'paused' | 'active' }).status };
      return json(journey);
    },
  };
  stubRoutedFetch(() => routes, calls);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

it('lists each step with who waits at it, passed it and left there, and pauses the journey', async () => {
  const user = userEvent.setup();
  render(
    <FreshCache>
      <JourneysPage />
      <Toaster />
    </FreshCache>,
  );
  const card = await screen.findByRole('region', { name: 'Lot leads' });
  expect(
    within(card).getByText(
      /A form submission about Lots · Active · 1,200 entered, 250 completed, 50 left \(30 unsubscribed or bounced, 15 replied, 5 became customers\)/,
    ),
  ).toBeTruthy();
  const row = within(card).getByRole('row', { name: /Wait 3 days/ });
  expect(
    within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['900', '300', '50']);
  expect(within(card).getByRole('rowheader', { name: /If they clicked a mail: next step, else step 4/ })).toBeTruthy();

  await user.click(within(card).getByRole('button', { name: 'Pause' }));
  expect(await screen.findByText('Journey paused')).toBeTruthy();
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'paused' });
  expect(await within(card).findByRole('button', { name: 'Resume' })).toBeTruthy();
});

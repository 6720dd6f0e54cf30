/**
 * The journey builder on the Journeys screen with a fake API: a journey built step by step
 * (send → wait → branch → send, the branch's targets among the later steps) saved as the
 * contracts take it, a server message shown at its step's input, an edit of a journey changed
 * since said plainly with what was typed kept, and a list entered.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { JourneyForm, JourneyWithStats } from '@lp/contracts';
import { Toaster } from '../../../components/toast/toaster';
import { FreshCache } from '../../../test/fresh-cache';
import { json, stubRoutedFetch, type ApiCall, type ApiRoutes } from '../../../test/fake-api';
import { JourneysPage } from './journeys-page';

const at = '2026-11-01T16:00:00.000Z';
const template = (id: number, name: string) => ({
  id,
  name,
  subject: name,
  description: '',
  content: '<p>Hi</p>',
  previewText: '',
  category: 'general',
  thumbnailUrl: null,
  createdAt: at,
  updatedAt: at,
  version: 1,
});
const stored: JourneyWithStats = {
  id: 4,
  name: 'Lot leads',
  status: 'active',
  version: 2,
  trigger: { kind: 'form_submission', interest: 'lot' },
  exits: { replied: true, customer: true },
  steps: [
    { id: 'hello', kind: 'send', templateId: 7 },
    { id: 'pause', kind: 'wait', seconds: 259_200 },
  ],
  createdAt: at,
  updatedAt: at,
  stats: {
    journeyId: 4,
    entered: 0,
    active: 0,
    completed: 0,
    exited: 0,
    exitedBy: { unsubscribed_or_bounced: 0, replied: 0, customer: 0 },
    steps: [],
  },
};

let calls: ApiCall[] = [];
let routes: ApiRoutes;
let journeys: JourneyWithStats[];

beforeEach(() => {
  calls = [];
  journeys = [stored];
  routes = {
    'GET /api/marketing/journeys': () => json(journeys),
    'GET /api/marketing/journeys/4': () => json(stored),
    'GET /api/marketing/templates': () => json([template(7, 'Welcome'), template(8, 'Lot tour invite')]),
    'GET /api/marketing/lists': () =>
      json([
        { id: 5, name: 'Buyers', description: null, contact_count: 2, created_at: at, updated_at: at, version: 1 },
      ]),
    'POST /api/marketing/journeys': (c) => {
      const created = { ...stored, ...(c.body as JourneyForm), id: 9, version: 1 };
      journeys = [...journeys, created];
      return json(created, 201);
    },
  };
  stubRoutedFetch(() => routes, calls);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const show = () =>
  render(
    <FreshCache>
      <JourneysPage />
      <Toaster />
    </FreshCache>,
  );
const step = (n: number) => screen.getByRole('group', { name: `Step ${n}` });
const posts = () => calls.filter((c) => c.method === 'POST' && c.url === '/api/marketing/journeys').map((c) => c.body);

it('builds send → wait → branch → send and saves it as the contracts take it', { timeout: 30_000 }, async () => {
  const user = userEvent.setup();
  show();
  await screen.findByRole('region', { name: 'Lot leads' });
  await user.click(screen.getByRole('button', { name: 'Create Journey' }));
  await user.type(await screen.findByLabelText('Journey name', { exact: false }), 'Tour follow-up');
  await user.selectOptions(screen.getByLabelText('Starts when'), 'A form is submitted');
  const interest = screen.getByLabelText('Interest') as HTMLSelectElement;
  expect([...interest.options].map((o) => o.text)).toContain('Any interest');
  await user.selectOptions(interest, 'Homes');

  // Step 1 is there to start with: a send.
  await screen.findByRole('option', { name: 'Welcome' });
  await user.selectOptions(within(step(1)).getByLabelText('Template'), 'Welcome');

  await user.click(screen.getByRole('button', { name: 'Add step' }));
  // The new step's type has the focus, so the keyboard goes on there.
  expect(document.activeElement).toBe(within(step(2)).getByLabelText('Type'));
  await user.selectOptions(within(step(2)).getByLabelText('Type'), 'Wait');
  const amount = within(step(2)).getByLabelText('Wait for');
  await user.clear(amount);
  await user.type(amount, '2');
  await user.selectOptions(within(step(2)).getByLabelText('Unit'), 'hours');

  await user.click(screen.getByRole('button', { name: 'Add step' }));
  await user.selectOptions(within(step(3)).getByLabelText('Type'), 'Branch');
  await user.click(screen.getByRole('button', { name: 'Add step' }));
  await user.selectOptions(within(step(4)).getByLabelText('Template'), 'Lot tour invite');
  await user.click(screen.getByRole('button', { name: 'Add step' }));
  await user.selectOptions(within(step(5)).getByLabelText('Type'), 'End');

  // The branch goes to later steps only.
  const no = within(step(3)).getByLabelText('If no go to') as HTMLSelectElement;
  expect([...no.options].map((o) => o.text)).toEqual(['The next step', 'Step 4: Send a template', 'Step 5: End']);
  await user.selectOptions(within(step(3)).getByLabelText('Condition'), 'Clicked a link in a mail of this journey');
  await user.selectOptions(no, 'Step 5: End');

  // Moved up and back down: the focus stays with the moved step's buttons.
  await user.click(within(step(5)).getByRole('button', { name: 'Move step 5 up' }));
  expect(within(step(4)).getByLabelText('Type')).toHaveProperty('value', 'end');
  expect(document.activeElement).toBe(within(step(4)).getByRole('button', { name: 'Move step 4 up' }));
  await user.click(within(step(4)).getByRole('button', { name: 'Move step 4 down' }));
  expect(within(step(5)).getByLabelText('Type')).toHaveProperty('value', 'end');

  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Journey' }));
  expect(await screen.findByText('Journey created')).toBeTruthy();
  const body = posts()[0] as JourneyForm;
  const ids = body.steps.map((s) => s.id);
  for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
  expect(new Set(ids).size).toBe(5);
  expect(body).toEqual({
    name: 'Tour follow-up',
    trigger: { kind: 'form_submission', interest: 'home' },
    exits: { replied: true, customer: true },
    steps: [
      { id: ids[0], kind: 'send', templateId: 7 },
      { id: ids[1], kind: 'wait', seconds: 7200 },
      { id: ids[2], kind: 'branch', condition: 'clicked', yes: null, no: ids[4] },
      { id: ids[3], kind: 'send', templateId: 8 },
      { id: ids[4], kind: 'end' },
    ],
  });
  // The screen reads the journeys again: the new one is listed.
  const card = await screen.findByRole('region', { name: 'Tour follow-up' });
  // Its templates by name.
  expect(within(card).getByRole('rowheader', { name: /Send Lot tour invite/ })).toBeTruthy();
});

it(
  'starts a journey on a lot’s change and tags, alerts staff in turn and branches on the lot’s status',
  { timeout: 30_000 },
  async () => {
    const user = userEvent.setup();
    routes['GET /api/lots'] = () =>
      json({
        lots: [3, 4].map((n) => ({ number: n, status: 'available', price: 100_000 })),
        changedAt: at,
      });
    routes['GET /api/marketing/lead-replies/settings'] = () =>
      json({
        replies: {},
        alert: { enabled: false, mode: 'all', recipients: [] },
        accounts: [
          { id: 1, username: 'ann@lakepowell.test', disabled: false },
          { id: 2, username: 'bo', disabled: false },
          { id: 3, username: 'gone', disabled: true },
        ],
        canEdit: false,
      });
    show();
    await screen.findByRole('region', { name: 'Lot leads' });
    await user.click(screen.getByRole('button', { name: 'Create Journey' }));
    await user.type(await screen.findByLabelText('Journey name', { exact: false }), 'Price drop');
    await user.selectOptions(screen.getByLabelText('Starts when'), 'A lot’s status or price changes');
    await screen.findByRole('option', { name: 'Lot 4' });
    await user.selectOptions(screen.getByLabelText('Lot'), 'Lot 4');
    await user.selectOptions(screen.getByLabelText('Change'), 'Price');
    // A reply still ends it; being a customer does not.
    await user.click(screen.getByLabelText(/Staff mark them a customer/));

    await user.selectOptions(within(step(1)).getByLabelText('Type'), 'Add a tag');
    await user.type(within(step(1)).getByLabelText('Tag'), '  Price Watcher ');
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    await user.selectOptions(within(step(2)).getByLabelText('Type'), 'Alert staff');
    // Enabled accounts only; a chosen one whose name is an address is mailed there.
    expect(within(step(2)).queryByText('gone')).toBeNull();
    await user.click(within(step(2)).getByLabelText('ann@lakepowell.test'));
    await user.click(within(step(2)).getByLabelText('bo'));
    await user.type(within(step(2)).getByLabelText('Email for bo'), 'bo@lakepowell.test');
    await user.click(within(step(2)).getByLabelText(/round-robin/));
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    await user.selectOptions(within(step(3)).getByLabelText('Type'), 'Branch');
    await user.selectOptions(within(step(3)).getByLabelText('Condition'), 'A lot’s status');
    // Lot left as "the lot they came in for"; available (the default) and reserved say yes.
    await user.click(within(step(3)).getByLabelText('Reserved'));
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    await user.selectOptions(within(step(4)).getByLabelText('Type'), 'Remove a tag');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Journey' }));
    // The empty tag is named at its input; nothing sent.
    expect(await within(step(4)).findByText('Give the tag')).toBeTruthy();
    expect(posts()).toEqual([]);
    await user.type(within(step(4)).getByLabelText('Tag'), 'prospect');

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Journey' }));
    expect(await screen.findByText('Journey created')).toBeTruthy();
    const body = posts()[0] as JourneyForm;
    const ids = body.steps.map((s) => s.id);
    expect(body).toEqual({
      name: 'Price drop',
      trigger: { kind: 'lot_changed', lotNumber: 4, change: 'price' },
      exits: { replied: true, customer: false },
      steps: [
        { id: ids[0], kind: 'add_tag', tag: 'price watcher' },
        {
          id: ids[1],
          kind: 'alert_staff',
          recipients: [
            { staffId: 1, email: 'ann@lakepowell.test' },
            { staffId: 2, email: 'bo@lakepowell.test' },
          ],
          roundRobin: true,
        },
        {
          id: ids[2],
          kind: 'branch',
          condition: 'lot_status',
          lotNumber: null,
          lotStatuses: ['available', 'reserved'],
          yes: null,
          no: null,
        },
        { id: ids[3], kind: 'remove_tag', tag: 'prospect' },
      ],
    });
    const card = await screen.findByRole('region', { name: 'Price drop' });
    expect(within(card).getByText(/The price of lot 4 changes/)).toBeTruthy();
    expect(within(card).getByRole('rowheader', { name: /Alert one of 2 staff, in turn/ })).toBeTruthy();
    expect(within(card).getByRole('rowheader', { name: /If their lot is available or reserved/ })).toBeTruthy();
  },
);

it('starts a journey on a segment or a campaign’s link, saying which one is missing', { timeout: 30_000 }, async () => {
  const user = userEvent.setup();
  routes['GET /api/marketing/segments'] = () =>
    json([{ id: 12, name: 'Hot leads', match: 'all', conditions: [], version: 1, createdAt: at, updatedAt: at }]);
  routes['GET /api/marketing/campaigns'] = () => json([{ id: 31, name: 'Spring lots' }]);
  show();
  await screen.findByRole('region', { name: 'Lot leads' });
  await user.click(screen.getByRole('button', { name: 'Create Journey' }));
  await user.type(await screen.findByLabelText('Journey name', { exact: false }), 'Hot');
  await screen.findByRole('option', { name: 'Welcome' });
  await user.selectOptions(within(step(1)).getByLabelText('Template'), 'Welcome');
  await user.selectOptions(screen.getByLabelText('Starts when'), 'A contact comes to match a segment');
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Journey' }));
  expect(await screen.findByText('Choose a segment')).toBeTruthy();
  expect(screen.getByLabelText('Segment').getAttribute('aria-invalid')).toBe('true');
  await screen.findByRole('option', { name: 'Hot leads' });
  await user.selectOptions(screen.getByLabelText('Segment'), 'Hot leads');
  expect(screen.queryByText('Choose a segment')).toBeNull();

  await user.selectOptions(screen.getByLabelText('Starts when'), 'A link in a campaign is clicked');
  await screen.findByRole('option', { name: 'Spring lots' });
  await user.selectOptions(screen.getByLabelText('Campaign'), 'Spring lots');
  await user.type(screen.getByLabelText('Link address (empty: any link)'), 'lots page');
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Journey' }));
  expect(await screen.findByText('Give the whole link address')).toBeTruthy();
  await user.clear(screen.getByLabelText('Link address (empty: any link)'));
  await user.type(screen.getByLabelText('Link address (empty: any link)'), 'https://lakepowelllots.com/lots');
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Journey' }));
  expect(await screen.findByText('Journey created')).toBeTruthy();
  expect((posts()[0] as JourneyForm).trigger).toEqual({
    kind: 'link_clicked',
    campaignId: 31,
    url: 'https://lakepowelllots.com/lots',
  });
});

it('says what is missing and shows the server’s message at its step', { timeout: 30_000 }, async () => {
  const user = userEvent.setup();
  const behind = 'A branch can only go to a later step';
  show();
  await screen.findByRole('region', { name: 'Lot leads' });
  await user.click(screen.getByRole('button', { name: 'Create Journey' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Create Journey' }));
  // Nothing typed: the form's own check, at the inputs, and nothing sent.
  expect(await screen.findByText('Name is required')).toBeTruthy();
  expect(within(step(1)).getByText('Choose a template')).toBeTruthy();
  expect(within(step(1)).getByLabelText('Template').getAttribute('aria-invalid')).toBe('true');
  expect(posts()).toEqual([]);

  await user.type(screen.getByLabelText('Journey name', { exact: false }), 'Listed');
  await screen.findByRole('option', { name: 'Welcome' });
  await user.selectOptions(within(step(1)).getByLabelText('Template'), 'Welcome');
  await user.click(screen.getByRole('button', { name: 'Add step' }));
  await user.selectOptions(within(step(2)).getByLabelText('Type'), 'Branch');
  await user.click(screen.getByRole('button', { name: 'Add step' }));
  await user.selectOptions(within(step(3)).getByLabelText('Type'), 'End');
  await user.selectOptions(within(step(2)).getByLabelText('If yes go to'), 'Step 3: End');
  routes['POST /api/marketing/journeys'] = () =>
    json(
      {
        error: {
          code: 'bad_request',
          message: 'Some steps need attention',
          details: { fields: { 'steps.1.yes': [behind] } },
        },
      },
      400,
    );
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Journey' }));
  expect(await within(step(2)).findByText(behind)).toBeTruthy();
  expect(within(step(2)).getByLabelText('If yes go to').getAttribute('aria-invalid')).toBe('true');
  expect(within(step(2)).getByLabelText('If no go to').getAttribute('aria-invalid')).toBeNull();
  // Any change: the message was about the form as it was.
  await user.selectOptions(within(step(2)).getByLabelText('If yes go to'), 'The next step');
  expect(within(step(2)).queryByText(behind)).toBeNull();
});

it(
  'edits with the version it opened and says plainly when the journey changed since',
  { timeout: 30_000 },
  async () => {
    const user = userEvent.setup();
    const changed = 'This journey was changed since you opened it';
    routes['PUT /api/marketing/journeys/4'] = () => json({ error: { code: 'conflict', message: changed } }, 409);
    show();
    const card = await screen.findByRole('region', { name: 'Lot leads' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const name = (await screen.findByDisplayValue('Lot leads')) as HTMLInputElement;
    expect((screen.getByLabelText('Interest') as HTMLSelectElement).value).toBe('lot');
    const wait = await screen.findByRole('group', { name: 'Step 2' });
    expect((within(wait).getByLabelText('Wait for') as HTMLInputElement).value).toBe('3');
    expect((within(wait).getByLabelText('Unit') as HTMLSelectElement).value).toBe('days');
    await user.clear(name);
    await user.type(name, 'Lot leads 2027');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(changed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load stored version' })).toBeTruthy();
    expect(name.value).toBe('Lot leads 2027');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { name: 'Lot leads 2027', trigger: stored.trigger, exits: stored.exits, steps: stored.steps, version: 2 },
      ]),
    );
  },
);

it('enters a chosen list and says the contacts are on their way', { timeout: 30_000 }, async () => {
  const user = userEvent.setup();
  routes['POST /api/marketing/journeys/4/entries'] = () => json({ accepted: true }, 202);
  show();
  const card = await screen.findByRole('region', { name: 'Lot leads' });
  await user.click(within(card).getByRole('button', { name: 'Enter a list…' }));
  await user.click(await screen.findByRole('button', { name: 'Enter list' }));
  expect(await screen.findByText('Choose a list')).toBeTruthy();
  await screen.findByRole('option', { name: 'Buyers · 2 contacts' });
  await user.selectOptions(
    within(screen.getByRole('dialog')).getByLabelText('List', { exact: false }),
    'Buyers · 2 contacts',
  );
  await user.click(screen.getByRole('button', { name: 'Enter list' }));
  expect(await screen.findByText('Buyers is entering Lot leads')).toBeTruthy();
  expect(calls.find((c) => c.url === '/api/marketing/journeys/4/entries')?.body).toEqual({ listId: 5 });
});

it('deletes a journey only once confirmed', { timeout: 30_000 }, async () => {
  const user = userEvent.setup();
  routes['DELETE /api/marketing/journeys/4'] = () => {
    journeys = [];
    return new Response(null, { status: 204 });
  };
  show();
  const card = await screen.findByRole('region', { name: 'Lot leads' });
  await user.click(within(card).getByRole('button', { name: 'Delete' }));
  const confirm = await screen.findByRole('dialog', { name: 'Delete Journey' });
  // Focus starts on Cancel; cancelling deletes nothing.
  await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  await user.click(within(card).getByRole('button', { name: 'Delete' }));
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Delete Journey' })).getByRole('button', { name: 'Delete' }),
  );
  expect(await screen.findByText('Journey deleted')).toBeTruthy();
  expect(await screen.findByText('No journeys yet')).toBeTruthy();
  expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/marketing/journeys/4']);
});

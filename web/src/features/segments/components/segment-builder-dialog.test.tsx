/**
 * The segment builder with a fake API: conditions added and removed row by row, each with the
 * inputs its field and operator take (a number custom field's range), the live count asked of
 * the server for the filter as it stands (not per key typed), messages of the form's own check
 * and of the server at their inputs, and a save of a segment changed since said plainly.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { CustomField, Segment } from '@lp/contracts';
import { Toaster } from '../../../components/toast/toaster';
import { FreshCache } from '../../../test/fresh-cache';
import { json, stubRoutedFetch, type ApiCall, type ApiRoutes } from '../../../test/fake-api';
import { SegmentBuilderDialog } from './segment-builder-dialog';

const at = '2026-11-01T16:00:00.000Z';
const budget: CustomField = {
  id: 1,
  key: 'budget',
  name: 'Budget',
  type: 'number',
  createdAt: at,
  updatedAt: at,
  version: 1,
};
const stored: Segment = {
  id: 3,
  name: 'Lake view buyers',
  filter: { match: 'any', conditions: [{ field: 'tag', op: 'has', tag: 'lake view' }] },
  createdAt: at,
  updatedAt: at,
  version: 4,
};

let calls: ApiCall[] = [];
let routes: ApiRoutes;
/** The fake count: 100 contacts, 10 fewer per condition. */
const countOf = (call: ApiCall) =>
  json({ count: 100 - 10 * (call.body as { filter: { conditions: unknown[] } }).filter.conditions.length });

beforeEach(() => {
  calls = [];
  routes = {
    'GET /api/marketing/custom-fields': () => json([budget]),
    'GET /api/marketing/lists': () =>
      json([
        { id: 5, name: 'Buyers', description: null, contact_count: 2, created_at: at, updated_at: at, version: 1 },
      ]),
    'GET /api/marketing/campaigns': () => json([]),
    'GET /api/marketing/segments/3': () => json(stored),
    'POST /api/marketing/segments/count': countOf,
    'POST /api/marketing/segments': (c) => json({ ...stored, ...(c.body as object), id: 9 }, 201),
  };
  stubRoutedFetch(() => routes, calls);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const show = (segmentId?: number) =>
  render(
    <FreshCache>
      <SegmentBuilderDialog open segmentId={segmentId} onClose={() => {}} />
      <Toaster />
    </FreshCache>,
  );
const countCalls = () =>
  calls.filter((c) => c.url === '/api/marketing/segments/count').map((c) => (c.body as { filter: unknown }).filter);
const condition = (n: number) => screen.getByRole('group', { name: `Condition ${n}` });

it('adds conditions and counts the filter as it stands, once typing pauses', { timeout: 20_000 }, async () => {
  const user = userEvent.setup();
  show();
  // No condition: every contact.
  expect(await screen.findByText('100 contacts match')).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Add condition' }));
  // The new row's field picker has the focus, so the keyboard goes on there.
  expect(document.activeElement).toBe(within(condition(1)).getByLabelText('Field'));
  expect(screen.getByRole('status').textContent).toMatch(/Complete the conditions/);
  await user.type(within(condition(1)).getByLabelText('Tag'), 'VIP');
  expect(await screen.findByText('90 contacts match')).toBeTruthy();
  // Asked for the whole tag, never for the letters on the way to it.
  expect(countCalls()).toEqual([
    { match: 'all', conditions: [] },
    { match: 'all', conditions: [{ field: 'tag', op: 'has', tag: 'VIP' }] },
  ]);

  await user.click(screen.getByRole('button', { name: 'Add condition' }));
  await user.selectOptions(within(condition(2)).getByLabelText('Field'), 'Status');
  await user.selectOptions(within(condition(2)).getByLabelText('Status'), 'Bounced');
  await user.selectOptions(screen.getByLabelText('Contacts must match'), 'Any of these conditions');
  expect(await screen.findByText('80 contacts match')).toBeTruthy();
  expect(countCalls().at(-1)).toEqual({
    match: 'any',
    conditions: [
      { field: 'tag', op: 'has', tag: 'VIP' },
      { field: 'status', op: 'is', value: 'bounced' },
    ],
  });

  await user.click(screen.getByRole('button', { name: 'Remove condition 1' }));
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add condition' }));
  expect(await screen.findByText('90 contacts match')).toBeTruthy();
  expect(within(condition(1)).getByLabelText('Status')).toBeTruthy();

  await user.type(screen.getByLabelText('Segment name', { exact: false }), 'Bounced');
  await user.click(screen.getByRole('button', { name: 'Create Segment' }));
  expect(await screen.findByText('Segment created')).toBeTruthy();
  expect(calls.find((c) => c.method === 'POST' && c.url === '/api/marketing/segments')?.body).toEqual({
    name: 'Bounced',
    filter: { match: 'any', conditions: [{ field: 'status', op: 'is', value: 'bounced' }] },
  });
});

it(
  'gives a custom field the inputs of its type and shows what needs fixing at the input',
  { timeout: 20_000 },
  async () => {
    const user = userEvent.setup();
    show();
    await screen.findByText('100 contacts match');
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    const row = condition(1);
    await user.selectOptions(within(row).getByLabelText('Field'), 'Budget');
    const ops = within(row).getByLabelText('Operator') as HTMLSelectElement;
    expect([...ops.options].map((o) => o.text)).toEqual([
      'equals',
      'is less than',
      'is more than',
      'is between',
      'has a value',
      'is empty',
    ]);
    await user.selectOptions(ops, 'is between');
    await user.type(within(row).getByLabelText('From'), '500000');
    await user.type(within(row).getByLabelText('To'), '100000');
    // Nothing to count while the range is upside down; no save either.
    await user.click(screen.getByRole('button', { name: 'Create Segment' }));
    const to = within(row).getByLabelText('To');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(await within(row).findByText('The lower bound must not be above the upper one')).toBeTruthy();
    expect(await screen.findByText('Segment name is required')).toBeTruthy();
    expect(countCalls()).toEqual([{ match: 'all', conditions: [] }]);
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/marketing/segments')).toBe(false);

    // Fixed: the message goes as the user types, and the range is counted.
    await user.clear(to);
    await user.type(to, '900000');
    expect(within(row).queryByText('The lower bound must not be above the upper one')).toBeNull();
    expect(await screen.findByText('90 contacts match')).toBeTruthy();
    expect(countCalls().at(-1)).toEqual({
      match: 'all',
      conditions: [{ field: 'custom', key: 'budget', op: 'between', min: 500000, max: 900000 }],
    });
  },
);

it('takes a created date: nothing counted until the day is whole, then that day', { timeout: 20_000 }, async () => {
  const user = userEvent.setup();
  show();
  await screen.findByText('100 contacts match');
  await user.click(screen.getByRole('button', { name: 'Add condition' }));
  await user.selectOptions(within(condition(1)).getByLabelText('Field'), 'Created date');
  const date = within(condition(1)).getByLabelText('Date') as HTMLInputElement;
  expect(date.type).toBe('date');
  expect(screen.getByRole('status').textContent).toMatch(/Complete the conditions/);
  fireEvent.change(date, { target: { value: '2026-11-01' } });
  expect(await screen.findByText('90 contacts match')).toBeTruthy();
  expect(countCalls().at(-1)).toEqual({
    match: 'all',
    conditions: [{ field: 'created', op: 'before', value: '2026-11-01' }],
  });
  await user.selectOptions(within(condition(1)).getByLabelText('Operator'), 'is within the last');
  await user.type(within(condition(1)).getByLabelText('Days'), '7');
  await waitFor(() =>
    expect(countCalls().at(-1)).toEqual({
      match: 'all',
      conditions: [{ field: 'created', op: 'within_days', days: 7 }],
    }),
  );
});

it('shows the server’s messages at their inputs: the count’s and the save’s', { timeout: 20_000 }, async () => {
  const user = userEvent.setup();
  const gone = 'There is no list 5';
  routes['POST /api/marketing/segments/count'] = (c) =>
    (c.body as { filter: { conditions: unknown[] } }).filter.conditions.length === 0
      ? countOf(c)
      : json(
          {
            error: {
              code: 'bad_request',
              message: 'Some conditions need attention',
              details: { fields: { 'filter.conditions.0.listId': [gone] } },
            },
          },
          400,
        );
  show();
  await screen.findByText('100 contacts match');
  await user.click(screen.getByRole('button', { name: 'Add condition' }));
  await user.selectOptions(within(condition(1)).getByLabelText('Field'), 'List');
  await user.selectOptions(within(condition(1)).getByLabelText('List'), 'Buyers');
  expect(await within(condition(1)).findByText(gone)).toBeTruthy();
  expect(within(condition(1)).getByLabelText('List').getAttribute('aria-describedby')).toMatch(/error/);
  expect(screen.getByRole('status').textContent).toMatch(/need attention/);

  // The save's 409 of a name another segment has, on the name.
  await user.click(screen.getByRole('button', { name: 'Remove condition 1' }));
  const taken = 'A segment named Buyers already exists';
  routes['POST /api/marketing/segments'] = () =>
    json({ error: { code: 'conflict', message: taken, details: { fields: { name: [taken] } } } }, 409);
  await user.type(screen.getByLabelText('Segment name', { exact: false }), 'buyers');
  await user.click(screen.getByRole('button', { name: 'Create Segment' }));
  expect(await screen.findByText(taken)).toBeTruthy();
  expect(screen.getByLabelText('Segment name', { exact: false }).getAttribute('aria-invalid')).toBe('true');
});

it('opens a saved segment as stored and says plainly when it changed since', { timeout: 20_000 }, async () => {
  const user = userEvent.setup();
  const changed = 'This segment was changed since you opened it';
  routes['PUT /api/marketing/segments/3'] = () => json({ error: { code: 'conflict', message: changed } }, 409);
  show(3);
  const name = (await screen.findByDisplayValue('Lake view buyers')) as HTMLInputElement;
  expect((screen.getByLabelText('Contacts must match') as HTMLSelectElement).value).toBe('any');
  // Found once the dialog is open (the role query skips a dialog not shown yet).
  const row = await screen.findByRole('group', { name: 'Condition 1' });
  expect((within(row).getByLabelText('Tag') as HTMLInputElement).value).toBe('lake view');
  expect(await screen.findByText('90 contacts match')).toBeTruthy();
  await user.clear(name);
  await user.type(name, 'Lake view 2027');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText(changed)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Load stored version' })).toBeTruthy();
  expect(name.value).toBe('Lake view 2027');
  await waitFor(() =>
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { name: 'Lake view 2027', filter: stored.filter, version: 4 },
    ]),
  );
});

it(
  'takes a lot number for a lot viewed or asked about, none for any available lot, and a first-touch campaign',
  { timeout: 20_000 },
  async () => {
    const user = userEvent.setup();
    show();
    await screen.findByText('100 contacts match');
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    const row = condition(1);
    await user.selectOptions(within(row).getByLabelText('Field'), 'Lots');
    const ops = within(row).getByLabelText('Operator') as HTMLSelectElement;
    expect([...ops.options].map((o) => o.text)).toEqual(['viewed lot', 'asked about lot', 'viewed any available lot']);
    const lot = within(row).getByLabelText('Lot number') as HTMLInputElement;
    expect(lot.type).toBe('number');
    await user.type(lot, '0');
    // Out of range: nothing counted, and said at the input on a save.
    await user.click(screen.getByRole('button', { name: 'Create Segment' }));
    expect(await within(row).findByText('Lot numbers start at 1')).toBeTruthy();
    expect(lot.getAttribute('aria-invalid')).toBe('true');
    expect(countCalls()).toEqual([{ match: 'all', conditions: [] }]);
    await user.clear(lot);
    await user.type(lot, '12');
    await user.selectOptions(ops, 'asked about lot');
    expect(await screen.findByText('90 contacts match')).toBeTruthy();
    await waitFor(() =>
      expect(countCalls().at(-1)).toEqual({
        match: 'all',
        conditions: [{ field: 'lot', op: 'asked_about', lotNumber: 12 }],
      }),
    );
    await user.selectOptions(ops, 'viewed any available lot');
    expect(within(row).queryByLabelText('Lot number')).toBeNull();
    await waitFor(() =>
      expect(countCalls().at(-1)).toEqual({ match: 'all', conditions: [{ field: 'lot', op: 'viewed_available' }] }),
    );

    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await user.selectOptions(within(condition(2)).getByLabelText('Field'), 'First-touch campaign');
    await user.selectOptions(within(condition(2)).getByLabelText('Operator'), 'is not');
    await user.type(within(condition(2)).getByLabelText('Campaign'), 'spring-sale');
    expect(await screen.findByText('80 contacts match')).toBeTruthy();
    expect(countCalls().at(-1)).toEqual({
      match: 'all',
      conditions: [
        { field: 'lot', op: 'viewed_available' },
        { field: 'first_touch', op: 'is_not', value: 'spring-sale' },
      ],
    });
  },
);

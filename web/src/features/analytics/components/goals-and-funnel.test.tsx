/**
 * Goals and the funnel on the Web tab with a fake API: a goal added (its name taken shown on the
 * field, then added and listed with its figures), the sources that convert best for the goal
 * chosen, a goal deleted after confirming; a funnel's steps picked, shown from the address
 * (`funnel=1,2`) for the view's period and filters, with each step's visitors and drop-off.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Funnel, Goal, GoalReport } from '@lp/contracts';
import { Toaster } from '../../../components/toast/toaster';
import { renderScreen } from '../../../test/render-in-router';
import { json, stubRoutedFetch, type ApiCall, type ApiRoutes } from '../../../test/fake-api';
import { SLOW_LOAD_AFTER_MS } from '../../../components/ui/load-states';
import { FIRST_LOOK_NOTE } from './first-look-note';
import { FunnelCard } from './funnel-card';
import { GoalsCard } from './goals-card';

const goal = (id: number, name: string, kind: Goal['kind'], value: string): Goal => ({
  id,
  name,
  kind,
  value,
  createdAt: '2026-11-20T16:00:00.000Z',
  version: 1,
});
const LOTS = goal(1, 'Saw a lot', 'page', '/lots/*');
const FORM = goal(2, 'Sent the form', 'event', 'form_submitted');
const report = (goals: Goal[]): GoalReport => ({
  from: '2026-10-30',
  to: '2026-11-28',
  days: 30,
  filters: {},
  visitors: 200,
  goals: goals.map((g, i) => ({
    ...g,
    conversions: 80 - 60 * i,
    visitors: 70 - 55 * i,
    conversionRate: [35, 7.5][i] ?? 0,
    sources:
      i === 0
        ? [
            { value: 'google.com', visits: 100, conversions: 50, conversionRate: 50 },
            { value: '', visits: 60, conversions: 30, conversionRate: 50 },
          ]
        : [{ value: 'newsletter', visits: 20, conversions: 20, conversionRate: 100 }],
  })),
});

const apiCalls: ApiCall[] = [];
const calls = () => apiCalls.map((c) => `${c.method} ${c.url}`);
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

function Where() {
  return <output aria-label="Address">{useLocation().search}</output>;
}

describe('goals', () => {
  it('adds a goal (a taken name shown on its field), lists each with its figures and best sources, and deletes one', async () => {
    let goals = [LOTS];
    routes['GET /api/marketing-dashboard/goal-conversions?days=30'] = () => json(report(goals));
    routes['POST /api/marketing-dashboard/goals'] = ({ body }) => {
      const { name } = body as { name: string };
      if (name.toLowerCase() === 'saw a lot') {
        const message = 'A goal named Saw a lot already exists';
        return json({ error: { code: 'conflict', message, details: { fields: { name: [message] } } } }, 409);
      }
      goals = [LOTS, FORM];
      return json(FORM, 201);
    };
    routes['DELETE /api/marketing-dashboard/goals/2'] = () => {
      goals = [LOTS];
      return new Response(null, { status: 204 });
    };
    renderScreen(
      <>
        <GoalsCard period={{ days: 30 }} filters={{}} />
        <Toaster />
      </>,
    );
    const card = (await screen.findByRole('heading', { name: 'Goals' })).closest('section')!;
    const row = await within(card).findByRole('row', { name: /Saw a lot/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['80', '70', '35.0%']);
    expect(within(card).getByText('Page /lots/*')).toBeTruthy();
    const best = within(card).getByRole('table', { name: 'Sources that convert best for Saw a lot' });
    expect(within(best).getByText('Direct / none')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Add goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Goal' });
    // Client checks first: a page starts with a slash.
    await user.type(within(dialog).getByLabelText(/Goal name/), 'Saw a lot');
    await user.type(within(dialog).getByLabelText(/^Page/), 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Add Goal' }));
    expect(await within(dialog).findByText(/A page starts with \//)).toBeTruthy();
    expect(calls()).not.toContain('POST /api/marketing-dashboard/goals');
    await user.clear(within(dialog).getByLabelText(/^Page/));
    await user.type(within(dialog).getByLabelText(/^Page/), '/lots/*');
    await user.click(within(dialog).getByRole('button', { name: 'Add Goal' }));
    expect(await within(dialog).findByText('A goal named Saw a lot already exists')).toBeTruthy();

    await user.clear(within(dialog).getByLabelText(/Goal name/));
    await user.type(within(dialog).getByLabelText(/Goal name/), 'Sent the form');
    await user.selectOptions(within(dialog).getByLabelText('Counts'), 'event');
    await user.clear(within(dialog).getByLabelText(/^Event name/));
    await user.type(within(dialog).getByLabelText(/^Event name/), 'form_submitted');
    await user.click(within(dialog).getByRole('button', { name: 'Add Goal' }));
    expect(await screen.findByText('Goal added')).toBeTruthy();
    expect(
      apiCalls.find((c) => c.method === 'POST' && (c.body as { name: string }).name === 'Sent the form')?.body,
    ).toEqual({
      name: 'Sent the form',
      kind: 'event',
      value: 'form_submitted',
    });
    expect(await within(card).findByText('Event form_submitted')).toBeTruthy();
    await user.selectOptions(within(card).getByLabelText('Goal'), 'Sent the form');
    expect(within(card).getByRole('table', { name: 'Sources that convert best for Sent the form' })).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Delete goal Sent the form' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Goal' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Goal deleted')).toBeTruthy();
    await waitFor(() => expect(within(card).queryByText('Event form_submitted')).toBeNull());
  });

  it('edits a goal, then edits it again from the saved copy; a goal changed meanwhile says so and keeps what was typed', async () => {
    let lots = LOTS;
    routes['GET /api/marketing-dashboard/goal-conversions?days=30'] = () => json(report([lots]));
    let stale = false;
    routes['PUT /api/marketing-dashboard/goals/1'] = ({ body }) => {
      const edit = body as Goal;
      if (stale || edit.version !== lots.version) {
        const message = 'This goal was changed since you opened it';
        return json({ error: { code: 'conflict', message } }, 409);
      }
      lots = { ...lots, name: edit.name, kind: edit.kind, value: edit.value, version: lots.version + 1 };
      return json(lots);
    };
    renderScreen(
      <>
        <GoalsCard period={{ days: 30 }} filters={{}} />
        <Toaster />
      </>,
    );
    const card = (await screen.findByRole('heading', { name: 'Goals' })).closest('section')!;
    await user.click(await within(card).findByRole('button', { name: 'Edit goal Saw a lot' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Goal' });
    expect((within(dialog).getByLabelText(/^Page/) as HTMLInputElement).value).toBe('/lots/*');
    await user.clear(within(dialog).getByLabelText(/Goal name/));
    await user.type(within(dialog).getByLabelText(/Goal name/), 'Saw a lot page');
    await user.click(within(dialog).getByRole('button', { name: 'Save Goal' }));
    expect(await screen.findByText('Goal saved')).toBeTruthy();
    expect(apiCalls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Saw a lot page',
      kind: 'page',
      value: '/lots/*',
      version: 1,
    });
    expect(await within(card).findByRole('button', { name: 'Edit goal Saw a lot page' })).toBeTruthy();

    // Reopened: the saved copy and its version; changed by someone else meanwhile, it says so.
    await user.click(within(card).getByRole('button', { name: 'Edit goal Saw a lot page' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Goal' });
    expect((within(dialog).getByLabelText(/Goal name/) as HTMLInputElement).value).toBe('Saw a lot page');
    stale = true;
    await user.clear(within(dialog).getByLabelText(/^Page/));
    await user.type(within(dialog).getByLabelText(/^Page/), '/lots/1*');
    await user.click(within(dialog).getByRole('button', { name: 'Save Goal' }));
    expect(await within(dialog).findByText('This goal was changed since you opened it')).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Page/) as HTMLInputElement).value).toBe('/lots/1*');
    expect((apiCalls.filter((c) => c.method === 'PUT').at(-1)?.body as Goal).version).toBe(2);
  });

  it('says what a goal is when there is none', async () => {
    routes['GET /api/marketing-dashboard/goal-conversions?days=7'] = () => json(report([]));
    renderScreen(<GoalsCard period={{ days: 7 }} filters={{}} />);
    expect(await screen.findByText(/No goals yet/)).toBeTruthy();
  });
});

describe('funnel', () => {
  const funnel: Funnel = {
    from: '2026-10-30',
    to: '2026-11-28',
    days: 30,
    filters: { source: 'google.com' },
    visitors: 120,
    steps: [
      { goalId: 1, name: LOTS.name, kind: 'page', value: '/lots/*', visitors: 60, dropOff: 0, conversionRate: 100 },
      {
        goalId: 2,
        name: FORM.name,
        kind: 'event',
        value: 'form_submitted',
        visitors: 15,
        dropOff: 45,
        conversionRate: 25,
      },
    ],
  };

  it('picks steps in order, puts them in the address, and shows each step for the view', async () => {
    routes['GET /api/marketing-dashboard/goals'] = () => json([LOTS, FORM]);
    routes['GET /api/marketing-dashboard/funnel?goals=2%2C1&days=30&source=google.com'] = () => json(funnel);
    renderScreen(
      <Routes>
        <Route
          path="*"
          element={
            <>
              <FunnelCard period={{ days: 30 }} filters={{ source: 'google.com' }} />
              <Where />
            </>
          }
        />
      </Routes>,
    );
    const form = await screen.findByRole('form', { name: 'Funnel steps' });
    expect(within(form).getByLabelText<HTMLSelectElement>('Step 1').value).toBe('1');
    expect(within(form).getByLabelText<HTMLSelectElement>('Step 2').value).toBe('2');
    await user.selectOptions(within(form).getByLabelText('Step 1'), 'Sent the form');
    await user.selectOptions(within(form).getByLabelText('Step 2'), 'Saw a lot');
    await user.click(within(form).getByRole('button', { name: 'Add step' }));
    expect(within(form).getByLabelText('Step 3')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Remove step 3' }));
    await user.click(within(form).getByRole('button', { name: 'Show funnel' }));
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('?funnel=2%2C1');
    const steps = await screen.findByRole('list', { name: 'Funnel' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '1. Saw a lot Page /lots/*60 visitors · 100.0%',
      '2. Sent the form Event form_submitted15 visitors · 25.0% · 45 dropped off',
    ]);
  });

  it('says a first look is being worked out when the funnel is slow to come, and stops saying it when it comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let answer = (_: Response) => {};
      routes['GET /api/marketing-dashboard/goals'] = () => json([LOTS, FORM]);
      routes['GET /api/marketing-dashboard/funnel?goals=1%2C2&days=365&source=google.com'] = () =>
        new Promise<Response>((r) => (answer = r));
      renderScreen(<FunnelCard period={{ days: 365 }} filters={{ source: 'google.com' }} />, '/?funnel=1%2C2');
      await waitFor(() =>
        expect(calls()).toContain('GET /api/marketing-dashboard/funnel?goals=1%2C2&days=365&source=google.com'),
      );
      expect(screen.queryByText(FIRST_LOOK_NOTE)).toBeNull();
      await vi.advanceTimersByTimeAsync(SLOW_LOAD_AFTER_MS);
      expect((await screen.findByText(FIRST_LOOK_NOTE)).getAttribute('role')).toBe('status');
      answer(json({ ...funnel, days: 365 }));
      expect(await screen.findByRole('list', { name: 'Funnel' })).toBeTruthy();
      expect(screen.queryByText(FIRST_LOOK_NOTE)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for two goals before it can build one', async () => {
    routes['GET /api/marketing-dashboard/goals'] = () => json([LOTS]);
    renderScreen(<FunnelCard period={{ days: 30 }} filters={{}} />);
    expect(await screen.findByText('Add at least two goals to build a funnel from them.')).toBeTruthy();
  });
});

/**
 * The live card: the visitors on the site now and the pages they are on, asked again every few
 * seconds without a reload; the empty site; a failed answer that keeps the last figures, says
 * they are not current, and recovers at the next turn.
 */
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { LIVE_REFRESH_MS, type LiveVisitors } from '@lp/contracts';
import { FreshCache } from '../../../test/fresh-cache';
import { LiveVisitorsCard } from './live-visitors-card';

let answer: { status: number; body: unknown };
let asked = 0;
const live = (visitors: number, pages: LiveVisitors['pages']): { status: number; body: LiveVisitors } => ({
  status: 200,
  body: { visitors, pages, asOf: new Date().toISOString() },
});

beforeEach(() => {
  asked = 0;
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('fetch', async (url: string) => {
    expect(url).toBe('/api/marketing-dashboard/live-visitors');
    asked++;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const renderCard = () =>
  render(
    <MemoryRouter>
      <FreshCache>
        <LiveVisitorsCard />
      </FreshCache>
    </MemoryRouter>,
  );
const nextTurn = () => act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS + 100));
const section = () => screen.getByRole('region', { name: 'On the site now' });
/** The card's figure as read: the count and its words. */
const figure = () =>
  within(section())
    .getByText(/in the last 5 minutes$/)
    .closest('p')!.textContent;

it('shows the visitors and their pages, and follows them every few seconds', async () => {
  answer = live(3, [
    { path: '/lots/7', visitors: 2 },
    { path: '/contact', visitors: 1 },
  ]);
  renderCard();
  await screen.findByText('visitors in the last 5 minutes');
  expect(figure()).toBe('3visitors in the last 5 minutes');
  const rows = () =>
    within(section())
      .getAllByRole('row')
      .map((r) => r.textContent);
  expect(rows()).toEqual(['PageVisitors', '/lots/72', '/contact1']);
  expect(screen.getByRole('link', { name: '/lots/7' }).getAttribute('href')).toBe('/lots/7');

  answer = live(1, [{ path: '/lots/9', visitors: 1 }]);
  await nextTurn();
  await screen.findByText('visitor in the last 5 minutes');
  expect(rows()).toEqual(['PageVisitors', '/lots/91']);
  expect(asked).toBeGreaterThanOrEqual(2);
});

it('says when no one is on the site', async () => {
  answer = live(0, []);
  renderCard();
  await screen.findByText('No one is on the site right now.');
  expect(within(section()).queryByRole('table')).toBeNull();
});

it('keeps the last figures when an answer fails, says so, and recovers at the next turn', async () => {
  answer = live(2, [{ path: '/', visitors: 2 }]);
  renderCard();
  await screen.findByText('visitors in the last 5 minutes');
  answer = {
    status: 503,
    body: { error: { code: 'unavailable', message: 'The service is temporarily unavailable. Please try again.' } },
  };
  await nextTurn();
  await screen.findByText(/could not be loaded; the figures shown are not current/);
  expect(figure()).toBe('2visitors in the last 5 minutes');
  answer = live(4, [{ path: '/', visitors: 4 }]);
  await nextTurn();
  await screen.findByText('Updated every 5 seconds.');
  expect(figure()).toBe('4visitors in the last 5 minutes');
});

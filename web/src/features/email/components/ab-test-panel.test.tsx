/**
 * A campaign's A/B test on its page with a fake API: each variant's figures and the rest waiting;
 * "Pick … as winner" confirms first, then asks the server and shows the answer; a decided test
 * names its winner and offers no pick; a refused pick (409) is shown.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { CampaignAbTest } from '@lp/contracts/ab-tests';
import { Toaster } from '../../../components/toast/toaster';
import { renderInRouter } from '../../../test/render-in-router';
import { AbTestPanel } from './ab-test-panel';

const test = (over: Partial<CampaignAbTest> = {}): CampaignAbTest => ({
  testShare: 10,
  winnerBy: 'opens',
  decideAfterHours: 4,
  contentB: false,
  decideAt: '2026-11-20T20:00:00.000Z',
  winner: null,
  decidedAt: null,
  decidedBy: null,
  variants: [
    {
      variant: 'a',
      subject: 'Spring lots',
      recipients: 100,
      sent: 100,
      delivered: 98,
      uniqueOpens: 20,
      uniqueClicks: 4,
      openRate: 20.4,
      clickRate: 4.1,
    },
    {
      variant: 'b',
      subject: 'The last lakefront lots',
      recipients: 100,
      sent: 100,
      delivered: 100,
      uniqueOpens: 31,
      uniqueClicks: 9,
      openRate: 31,
      clickRate: 9,
    },
  ],
  rest: { recipients: 800, sent: 0 },
  ...over,
});

let posts: { url: string; body: unknown }[] = [];
let refuse = false;
beforeEach(() => {
  posts = [];
  refuse = false;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    posts.push({ url, body: JSON.parse(String(init.body)) });
    return refuse
      ? new Response(
          JSON.stringify({ error: { message: 'The winner was already picked: variant A', code: 'conflict' } }),
          {
            status: 409,
            headers: { 'content-type': 'application/json' },
          },
        )
      : new Response(JSON.stringify({ id: 7 }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const render = (t: CampaignAbTest, onPicked = () => {}) =>
  renderInRouter(
    <>
      <AbTestPanel id={7} test={t} onPicked={onPicked} />
      <Toaster />
    </>,
  );

it('shows each variant’s figures and picks a winner by hand after a confirmation', async () => {
  const user = userEvent.setup();
  const onPicked = vi.fn();
  render(test(), onPicked);
  const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
  expect(within(rowOf('A')).getByText('Spring lots')).toBeTruthy();
  expect(rowOf('A').textContent).toContain('100 of 100');
  expect(rowOf('A').textContent).toContain('20 (20.4%)');
  expect(rowOf('B').textContent).toContain('31 (31.0%)');
  expect(rowOf('B').textContent).toContain('9 (9.0%)');
  expect(screen.getByText(/The rest: 800 recipients, waiting for the winner/)).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Pick B as winner' }));
  const dialog = await screen.findByRole('dialog', { name: 'Pick variant B as the winner?' });
  expect(dialog.textContent).toContain('Variant B goes to the other 800 recipients');
  expect(posts).toEqual([]);
  await user.click(within(dialog).getByRole('button', { name: 'Pick winner' }));
  expect(await screen.findByText('Variant B picked: sending it to the rest')).toBeTruthy();
  expect(posts).toEqual([{ url: '/api/marketing/campaigns/7/ab-winner', body: { variant: 'b' } }]);
  expect(onPicked).toHaveBeenCalledOnce();
});

it('names a decided test’s winner and offers no pick', () => {
  render(
    test({
      winner: 'b',
      decidedBy: 'auto',
      decidedAt: '2026-11-20T20:00:30.000Z',
      rest: { recipients: 800, sent: 800 },
    }),
  );
  expect(screen.getByRole('row', { name: /^B \(winner\)/ })).toBeTruthy();
  expect(screen.getByText(/Variant B won \(by unique opens/)).toBeTruthy();
  expect(screen.getByText(/800 sent the winner/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: /as winner/ })).toBeNull();
});

it('shows why a pick was refused', async () => {
  const user = userEvent.setup();
  refuse = true;
  render(test());
  await user.click(screen.getByRole('button', { name: 'Pick A as winner' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pick winner' }));
  expect(await screen.findByText('The winner was already picked: variant A')).toBeTruthy();
});

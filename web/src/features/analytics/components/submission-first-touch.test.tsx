/** A submission's attribution names the e-mail campaign whose click brought the lead. */
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { SubmissionAttribution } from '../api/get-submission-attribution';
import { SubmissionFirstTouch } from './submission-first-touch';
import { FreshCache } from '../../../test/fresh-cache';

const touch = (over: Partial<NonNullable<SubmissionAttribution['firstTouch']>>) => ({
  at: '2026-11-20T16:00:00.000Z',
  source: '',
  referrerHost: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  landingPage: '/',
  ...over,
});

const attributions: SubmissionAttribution[] = [
  {
    sessionId: 'a',
    firstTouch: touch({ source: 'email', utmSource: 'email', utmMedium: 'email', utmCampaign: 'Spring lots' }),
    emailCampaign: 'Spring lots',
    visits: 1,
    pageviews: 2,
    pages: ['/lots/12', '/contact'],
  },
  {
    sessionId: 'b',
    firstTouch: touch({ source: 'google.com', referrerHost: 'google.com' }),
    emailCampaign: 'Autumn open house',
    visits: 2,
    pageviews: 3,
    pages: ['/', '/lots/3', '/contact'],
  },
];

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) =>
    url === '/api/marketing-dashboard/submission-attribution'
      ? new Response(JSON.stringify(attributions), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderCell = (sessionId: string) =>
  render(
    <FreshCache>
      <SubmissionFirstTouch sessionId={sessionId} />
    </FreshCache>,
  );

it('names the campaign of a lead whose first visit came from an e-mail click', async () => {
  renderCell('a');
  expect(await screen.findByText('Email: Spring lots')).toBeTruthy();
  expect(screen.queryByText(/Then came by/)).toBeNull();
});

it('keeps the first touch and adds the e-mail campaign that brought the lead back', async () => {
  renderCell('b');
  expect(await screen.findByText('google.com')).toBeTruthy();
  expect(screen.getByText('Then came by Email: Autumn open house')).toBeTruthy();
});

/** The staff article list is read again each time it is shown, not taken from the copy cached on an earlier visit. */
import { render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, it, vi } from 'vitest';
import type { StaffBlogArticleSummary } from '@lp/contracts';
import { swrDefaults } from '../../../lib/swr-defaults';
import { STAFF_ARTICLES_KEY, useStaffArticles } from './list-staff-articles';

const article = (title: string) => ({ id: 1, title }) as StaffBlogArticleSummary;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(JSON.stringify([article('Saved by another editor')]), {
        headers: { 'content-type': 'application/json' },
      }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Titles() {
  const { articles } = useStaffArticles();
  return <p>{articles?.map((a) => a.title).join()}</p>;
}

it('shows the articles as stored now, over the copy cached before', async () => {
  const cached = new Map<string, unknown>([[STAFF_ARTICLES_KEY, { data: [article('Old title')] }]]);
  render(
    <SWRConfig value={{ ...swrDefaults, provider: () => cached as never }}>
      <Titles />
    </SWRConfig>,
  );
  await screen.findByText('Saved by another editor');
});

import { act, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlogArticleCard } from '@lp/contracts';
import { renderInRouter } from '../../../test/render-in-router';
import { BlogLinks, type BlogLinksProps } from './blog-links';

const card = (id: number, title: string): BlogArticleCard => ({
  id,
  slug: `article-${id}`,
  title,
  summary: 'S',
  coverImage: null,
  tags: [],
  publishedAt: '2026-11-17T16:00:00.000Z',
  updatedAt: '2026-11-17T16:00:00.000Z',
  readTime: 3,
});
const CARDS = [card(1, 'Buying a Lot'), card(2, 'Rentals in Page')];

const fetchMock = vi.fn<(url: string) => Promise<Response>>();
const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
// A fresh SWR cache per render, so tests never see each other's data.
const ui = (props: BlogLinksProps = {}) => (
  <SWRConfig value={{ provider: () => new Map() }}>
    <BlogLinks {...props} />
  </SWRConfig>
);
/** As the server renders and the browser hydrates it (`renderInRouter` brings its own router). */
const page = (props: BlogLinksProps = {}) => <MemoryRouter initialEntries={['/sitemap']}>{ui(props)}</MemoryRouter>;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  document.body.innerHTML = '';
});
afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
});

describe('sitemap BlogLinks', () => {
  it('server-renders one link per article, and hydrates without flashing back to loading', async () => {
    const html = renderToString(page({ initialArticles: CARDS }));
    expect(html).toContain('href="/blog/article-1"');
    expect(html).toContain('Rentals in Page');
    expect(html).not.toContain('Loading articles...');

    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue(jsonResponse([card(3, 'Published just now'), ...CARDS]));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const seen: string[] = [];
    new MutationObserver(() => seen.push(container.textContent ?? '')).observe(container, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    await act(async () => {
      hydrateRoot(container, page({ initialArticles: CARDS }));
    });
    await waitFor(() => expect(container.textContent).toContain('Published just now'));
    expect(seen.some((t) => t.includes('Loading articles...'))).toBe(false);
    expect(consoleError).not.toHaveBeenCalled(); // no hydration mismatch
  });

  it("server-renders the server's error state, and the empty state", () => {
    const failed = renderToString(page({ initialError: true }));
    expect(failed).toContain('Error loading articles');
    expect(failed).not.toContain('Loading articles...');
    expect(renderToString(page({ initialArticles: [] }))).toContain('No articles found');
  });

  it('loads the list in the browser when the page came without one, and says when it cannot', async () => {
    fetchMock.mockResolvedValue(jsonResponse(CARDS));
    const ok = renderInRouter(ui(), '/sitemap');
    await waitFor(() => expect(ok.container.querySelectorAll('a[href^="/blog/"]')).toHaveLength(2));

    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue(new Response('boom', { status: 500 }));
    const failed = renderInRouter(ui(), '/sitemap');
    await waitFor(() => expect(failed.container.textContent).toContain('Error loading articles'));
  });
});

import { act, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlogArticle } from '@lp/contracts';
import { renderInRouter } from '../../../test/render-in-router';
import { BlogArticlePage } from './blog-article-page';
import { BlogListPage } from './blog-list-page';

const article = (id: number, over: Partial<BlogArticle> = {}): BlogArticle => ({
  id,
  slug: `article-${id}`,
  title: `Article ${id}`,
  summary: `Summary ${id}`,
  content: `<h2>Body ${id}</h2><p>Text</p>`,
  coverImage: `/media/${String(id).padStart(64, '0')}.svg`,
  tags: ['Lots'],
  publishedAt: '2026-11-17T16:00:00.000Z',
  updatedAt: '2026-11-17T16:00:00.000Z',
  readTime: 4,
  ...over,
});
const ARTICLES = [
  article(1, { title: 'Buying a Lot', tags: ['Buying', 'Lots'] }),
  article(2, { title: 'Rentals in Page', tags: ['Investing'] }),
  article(3, { title: 'Market Numbers', tags: ['Investing', 'Lots'] }),
];

const fetchMock = vi.fn<(url: string) => Promise<Response>>();
/** A response the test releases when it has looked at the loading state. */
function deferred(make: () => Response) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return { respond: gate.then(make), release };
}
const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// A fresh SWR cache per render, so tests never see each other's data.
const fresh = (ui: React.ReactNode) => <SWRConfig value={{ provider: () => new Map() }}>{ui}</SWRConfig>;

let user: UserEvent;
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  user = userEvent.setup();
});
/** Replaces a field's text the way a person does: select all, type. */
async function retype(el: HTMLInputElement, text: string) {
  await user.clear(el);
  await user.type(el, text);
}
afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
});

describe('BlogListPage', () => {
  it('server-renders the initial articles (no JavaScript needed to read them)', () => {
    const html = renderToString(<MemoryRouter>{fresh(<BlogListPage initialArticles={ARTICLES} />)}</MemoryRouter>);
    expect(html).toContain('placeholder="Search articles..."');
    expect(html).toContain('Buying a Lot');
    expect(html).toContain('November 17, 2026');
    expect(html).toContain('4 min read');
    expect(html).toContain('href="/blog/article-1"');
    expect(html).not.toContain('Loading articles...');
  });

  it('shows loading, then the list; the search and the tag filter combine; clearing resets', async () => {
    const list = deferred(() => jsonResponse(ARTICLES));
    fetchMock.mockReturnValue(list.respond);
    const { container } = renderInRouter(fresh(<BlogListPage />), '/blog');
    expect(container.textContent).toContain('Loading articles...');
    list.release();
    await waitFor(() => expect(container.querySelectorAll('article')).toHaveLength(3));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/blog/articles');

    const tagButton = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name)!;
    expect([...container.querySelectorAll('[aria-pressed]')].map((b) => b.textContent)).toEqual([
      'Buying',
      'Investing',
      'Lots',
    ]);
    await user.click(tagButton('Investing'));
    expect(container.querySelectorAll('article')).toHaveLength(2);
    expect(tagButton('Investing').getAttribute('aria-pressed')).toBe('true');
    expect(tagButton('Clear filter')).toBeDefined();

    await retype(container.querySelector('input[type="search"]')!, 'MARKET');
    expect(container.querySelectorAll('article')).toHaveLength(1);
    await retype(container.querySelector('input[type="search"]')!, 'nothing like this');
    expect(container.textContent).toContain('No articles found matching your criteria.');
    await user.click(tagButton('Clear filters'));
    expect(container.querySelectorAll('article')).toHaveLength(3);

    await user.click(tagButton('Lots'));
    await user.click(tagButton('Lots')); // pressing the selected tag again turns it off
    expect(container.querySelectorAll('article')).toHaveLength(3);
    expect(container.textContent).not.toContain('Clear filter');
  });

  it('shows the error text when the list cannot be loaded', async () => {
    fetchMock.mockResolvedValue(new Response('boom', { status: 500 }));
    const { container } = renderInRouter(fresh(<BlogListPage />), '/blog');
    await waitFor(() => expect(container.textContent).toContain('Error loading articles. Please try again later.'));
  });

  it('server-renders the error state the server met, then shows the list once the browser loads it', async () => {
    const html = renderToString(<MemoryRouter>{fresh(<BlogListPage initialError />)}</MemoryRouter>);
    expect(html).toContain('Error loading articles. Please try again later.');
    expect(html).not.toContain('Loading articles...');
    fetchMock.mockResolvedValue(jsonResponse(ARTICLES));
    const { container } = renderInRouter(fresh(<BlogListPage initialError />));
    await waitFor(() => expect(container.textContent).toContain('Rentals in Page'));
  });

  it('shows the empty text without a Clear filters button when nothing is filtered', async () => {
    fetchMock.mockResolvedValue(jsonResponse([]));
    const { container } = renderInRouter(fresh(<BlogListPage />), '/blog');
    await waitFor(() => expect(container.textContent).toContain('No articles found matching your criteria.'));
    expect(container.textContent).not.toContain('Clear filters');
  });
});

describe('BlogArticlePage', () => {
  it('server-renders the article with back links top and bottom and related articles', () => {
    const html = renderToString(
      <MemoryRouter>
        {fresh(<BlogArticlePage slug="article-1" initialArticle={ARTICLES[0]} initialArticles={ARTICLES} />)}
      </MemoryRouter>,
    );
    expect(html.match(/Back to all articles/g)).toHaveLength(2);
    expect(html).toContain('<h1');
    expect(html).toContain('<h2>Body 1</h2>');
    expect(html).toContain('Related Articles');
    expect(html).toContain('Market Numbers'); // shares 'Lots'
    expect(html).not.toContain('Rentals in Page'); // shares nothing
  });

  it('loads by slug, then shows it', async () => {
    const one = deferred(() => jsonResponse(ARTICLES[2]));
    fetchMock.mockImplementation((url) =>
      url.endsWith('/articles') ? Promise.resolve(jsonResponse(ARTICLES)) : one.respond,
    );
    const { container } = renderInRouter(fresh(<BlogArticlePage slug="article-3" />), '/blog/article-3');
    expect(container.textContent).toContain('Loading article...');
    one.release();
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Market Numbers'));
    expect(fetchMock.mock.calls.map((c) => c[0])).toContain('/api/blog/articles/article-3');
    await waitFor(() => expect(container.textContent).toContain('Related Articles'));
  });

  it("shows 'Article Not Found' for a 404", async () => {
    fetchMock.mockImplementation(async (url) =>
      url.endsWith('/articles')
        ? jsonResponse(ARTICLES)
        : jsonResponse({ error: { code: 'not_found', message: 'Article not found' } }, 404),
    );
    const { container } = renderInRouter(fresh(<BlogArticlePage slug="gone" />), '/blog/gone');
    await waitFor(() => expect(container.textContent).toContain('Article Not Found'));
    expect(container.textContent).toContain("The article you're looking for could not be found.");
    const link = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Browse All Articles');
    expect(link?.getAttribute('href')).toBe('/blog');
    await act(async () => {});
  });
});

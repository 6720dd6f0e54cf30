import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import type { StaffBlogArticle, StaffBlogArticleSummary } from '@lp/contracts';
import { dismissToast, getToasts } from '../../../components/toast/toast-store';
import { renderInRouter } from '../../../test/render-in-router';
import { json, stubRoutedFetch, type ApiCall, type ApiRoutes } from '../../../test/fake-api';
import { withOwnCache } from '../../../test/fresh-cache';
import { BlogAdminPage } from './blog-admin-page';
import { BlogArticleEditorPage } from './blog-article-editor-page';

const summary = (id: number, over: Partial<StaffBlogArticleSummary> = {}): StaffBlogArticleSummary => ({
  id,
  slug: `article-${id}`,
  title: `Article ${id}`,
  summary: 'S',
  coverImage: null,
  tags: [],
  status: 'draft',
  publishedAt: null,
  updatedAt: '2026-11-20T16:00:00.000Z',
  createdAt: '2026-11-20T16:00:00.000Z',
  readTime: 2,
  version: 1,
  ...over,
});

const calls: ApiCall[] = [];
let routes: ApiRoutes = {};

const fresh = withOwnCache;
const buttonNamed = (name: string) => screen.getByRole('button', { name });
/** The control a label names (a required field's label ends in ' *'). */
const labelled = <T extends HTMLElement = HTMLInputElement>(name: string) =>
  screen.getByLabelText<T>(new RegExp(`^${name.replace(/[()]/g, '\\$&')}( \\*)?$`));
const textArea = (name: string) => labelled<HTMLTextAreaElement>(name);

let user: UserEvent;
/** Replaces a field's text the way a person does: select all, type. */
async function retype(el: HTMLInputElement | HTMLTextAreaElement, text: string) {
  await user.clear(el);
  await user.type(el, text);
}

beforeEach(() => {
  calls.length = 0;
  routes = {};
  stubRoutedFetch(() => routes, calls);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  dismissToast();
  user = userEvent.setup();
});
afterEach(() => vi.restoreAllMocks());

describe('BlogAdminPage', () => {
  it('lists articles with status and dates, publishes one and confirms before deleting', async () => {
    let list = [summary(1, { status: 'published', publishedAt: '2026-11-17T16:00:00.000Z' }), summary(2)];
    routes['GET /api/marketing/blog/articles'] = () => json(list);
    routes['POST /api/marketing/blog/articles/2/publish'] = () => {
      list = list.map((a) => (a.id === 2 ? { ...a, status: 'published' as const } : a));
      return json({ ...list[1], content: '', contentMarkdown: '' });
    };
    routes['DELETE /api/marketing/blog/articles/1'] = () => new Response(null, { status: 204 });
    routes['GET /api/blog/articles'] = () => json([]);

    const { container } = renderInRouter(fresh(<BlogAdminPage />), '/marketing/blog');
    await waitFor(() => expect(container.querySelectorAll('tbody tr')).toHaveLength(2));
    expect(container.textContent).toContain('Published');
    expect(container.textContent).toContain('Draft');
    expect(container.textContent).toContain('Nov 17, 2026');

    await user.click(buttonNamed('Publish Article 2'));
    await waitFor(() => expect(getToasts()[0]?.title).toBe('Article published'));
    await waitFor(() => expect(buttonNamed('Unpublish Article 2')).toBeDefined());

    await user.click(buttonNamed('Delete Article 1'));
    const dialog = container.querySelector('dialog')!;
    expect(dialog.textContent).toContain('“Article 1” will be removed from the site.');
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click([...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Delete')!);
    await waitFor(() => expect(getToasts()[0]?.title).toBe('Article deleted'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/marketing/blog/articles/1']);
  });

  it('shows loading, then the error text', async () => {
    routes['GET /api/marketing/blog/articles'] = () => new Response('down', { status: 503 });
    const { container } = renderInRouter(fresh(<BlogAdminPage />), '/marketing/blog');
    await waitFor(() => expect(container.textContent).toContain('Error loading articles. Please try again later.'));
  });

  it('shows the empty state', async () => {
    routes['GET /api/marketing/blog/articles'] = () => json([]);
    const { container } = renderInRouter(fresh(<BlogAdminPage />), '/marketing/blog');
    await waitFor(() => expect(container.textContent).toContain('No articles yet.'));
  });
});

describe('BlogArticleEditorPage', () => {
  const editor = (
    <Routes>
      <Route path="/marketing/blog/new" element={<BlogArticleEditorPage />} />
      <Route path="/marketing/blog/:id" element={<p>edit page</p>} />
    </Routes>
  );

  it('validates on submit with messages tied to the fields, then creates and goes to the new article', async () => {
    const created = {
      ...summary(9, { title: 'Lots', slug: 'lots' }),
      content: '<p>x</p>',
      contentMarkdown: 'x',
    } as StaffBlogArticle;
    routes['POST /api/marketing/blog/articles'] = () => json(created, 201);
    routes['GET /api/marketing/blog/articles'] = () => json([]);
    routes['GET /api/blog/articles'] = () => json([]);
    const { container } = renderInRouter(fresh(editor), '/marketing/blog/new');

    await user.click(container.querySelector('button[type="submit"]')!);
    await waitFor(() => expect(container.textContent).toContain('Title is required'));
    const title = labelled('Title');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(
      title
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toContain('Title is required');
    expect(container.textContent).toContain('Summary is required');
    expect(container.textContent).toContain('Content is required');

    await retype(title, 'Lots');
    await retype(textArea('Summary'), 'A summary');
    await retype(labelled('Tags'), 'Lots, Investing');
    await retype(textArea('Content (Markdown)'), '## Hello');
    await waitFor(() => expect(container.querySelector('[role="region"]')?.innerHTML).toContain('<h2>Hello</h2>'));
    await user.click(container.querySelector('button[type="submit"]')!);
    await waitFor(() => expect(container.textContent).toContain('edit page'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Lots',
      slug: '',
      summary: 'A summary',
      tags: ['Lots', 'Investing'],
      coverImage: null,
      contentMarkdown: '## Hello',
    });
    expect(getToasts()[0]?.title).toBe('Article created');
  });

  it('puts a slug clash from the server on the slug field', async () => {
    routes['POST /api/marketing/blog/articles'] = () =>
      json(
        {
          error: {
            code: 'conflict',
            message: 'That slug is already used by another article',
            details: { fields: { slug: ['This slug is already used by another article'] } },
          },
        },
        409,
      );
    const { container } = renderInRouter(fresh(editor), '/marketing/blog/new');
    await retype(labelled('Title'), 'Lots');
    await retype(labelled('Slug'), 'taken');
    await retype(textArea('Summary'), 'S');
    await retype(textArea('Content (Markdown)'), 'C');
    await user.click(container.querySelector('button[type="submit"]')!);
    await waitFor(() => expect(container.textContent).toContain('This slug is already used by another article'));
    expect(labelled('Slug').getAttribute('aria-invalid')).toBe('true');
    expect(getToasts()[0]).toMatchObject({ title: 'Could not save the article', variant: 'destructive' });
  });

  describe('with unsaved edits', () => {
    const stored = (over: Partial<StaffBlogArticle> = {}) =>
      ({
        ...summary(5, { title: 'Lots Near the Lake', slug: 'lots-near-the-lake', summary: 'Old summary' }),
        content: '<p>Body</p>',
        contentMarkdown: 'Body',
        ...over,
      }) as StaffBlogArticle;
    const edit = <BlogArticleEditorPage articleId={5} />;
    let article: StaffBlogArticle;
    beforeEach(() => {
      article = stored();
      routes['GET /api/marketing/blog/articles/5'] = () => json(article);
      routes['GET /api/marketing/blog/articles'] = () => json([]);
      routes['GET /api/blog/articles'] = () => json([]);
      routes['PATCH /api/marketing/blog/articles/5'] = ({ body }) => {
        article = { ...article, ...(body as Partial<StaffBlogArticle>) };
        return json(article);
      };
      routes['POST /api/marketing/blog/articles/5/publish'] = () => {
        article = { ...article, status: 'published', publishedAt: '2026-11-21T16:00:00.000Z' };
        return json(article);
      };
      routes['POST /api/marketing/blog/articles/5/unpublish'] = () => {
        article = { ...article, status: 'draft' };
        return json(article);
      };
    });
    const opened = async () => {
      const { container } = renderInRouter(fresh(edit), '/marketing/blog/5');
      await waitFor(() => expect(labelled('Title').value).toBe('Lots Near the Lake'));
      return container;
    };
    const writes = () => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);

    it('saves them before publishing and keeps them in the form', async () => {
      const container = await opened();
      expect(buttonNamed('Publish')).toBeDefined();
      await retype(labelled('Title'), 'Lots Near Lake Powell');
      await user.click(buttonNamed('Save and publish'));
      await waitFor(() => expect(getToasts()[0]?.title).toBe('Article published'));
      expect(writes()).toEqual(['PATCH /api/marketing/blog/articles/5', 'POST /api/marketing/blog/articles/5/publish']);
      expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ title: 'Lots Near Lake Powell' });
      await waitFor(() => expect(buttonNamed('Unpublish')).toBeDefined());
      expect(labelled('Title').value).toBe('Lots Near Lake Powell');
      expect(container.textContent).not.toContain('Unsaved changes');
    });

    it('does not publish when saving them fails, and keeps them', async () => {
      routes['PATCH /api/marketing/blog/articles/5'] = () => new Response('down', { status: 503 });
      const container = await opened();
      await retype(labelled('Title'), 'Lots Near Lake Powell');
      await user.click(buttonNamed('Save and publish'));
      await waitFor(() => expect(getToasts()[0]?.title).toBe('Could not save the article'));
      expect(writes()).toEqual(['PATCH /api/marketing/blog/articles/5']);
      expect(labelled('Title').value).toBe('Lots Near Lake Powell');
      expect(container.textContent).toContain('Unsaved changes');
    });

    it('keeps them through Unpublish', async () => {
      article = stored({ status: 'published', publishedAt: '2026-11-17T16:00:00.000Z' });
      const container = await opened();
      const summaryField = textArea('Summary');
      await retype(summaryField, 'New summary, not saved yet');
      await user.click(buttonNamed('Unpublish'));
      await waitFor(() => expect(getToasts()[0]?.title).toBe('Article unpublished'));
      await waitFor(() => expect(buttonNamed('Save and publish')).toBeDefined());
      expect(writes()).toEqual(['POST /api/marketing/blog/articles/5/unpublish']);
      expect(summaryField.value).toBe('New summary, not saved yet');
      expect(container.textContent).toContain('Unsaved changes');
    });
  });

  it('refuses a cover that is not an accepted image before uploading it', async () => {
    const { container } = renderInRouter(fresh(editor), '/marketing/blog/new');
    const input = labelled('Cover image');
    const file = new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' });
    // A person can pick any file through "All files", whatever the input's accept list says.
    await userEvent.setup({ applyAccept: false }).upload(input, file);
    await waitFor(() => expect(container.textContent).toContain('Choose a JPEG, PNG, WebP, AVIF or GIF image.'));
    expect(calls.some((c) => c.url.endsWith('/images'))).toBe(false);
  });
});

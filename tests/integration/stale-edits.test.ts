/**
 * Edits are never lost or crossed, on both backends: templates, lots and blog
 * articles carry a version. A save based on the version stored now succeeds and moves the
 * version on; a save based on an older version (someone saved in between) is a 409 with the
 * envelope and the record's "changed since you opened it" message and changes nothing; a save
 * naming no version is a 400 naming `version`, never a silent overwrite. Refused saves stay in
 * the audit log as failed.
 */
import { expect, it } from 'vitest';
import { STALE_EDIT_MESSAGES, type Lot, type StaffBlogArticle, type Template } from '@lp/contracts';
import { describeOnEachBackend } from '../support/stack.ts';
import { useStack } from '../support/fixtures.ts';

type Envelope = { error: { code: string; message: string; details?: { fields?: Record<string, string[]> } } };
type AuditPage = { entries: { action: string; target: string | null; outcome: string }[] };

describeOnEachBackend('stale edits', (backend) => {
  let token: string;
  const stack = useStack({ backend, setup: async (s) => (token = await s.login()) });

  const call = async <T>(path: string, init: { method?: string; body?: unknown } = {}, status = 200) => {
    const res = await stack.api(path, { token, ...init });
    const text = await res.text();
    expect(res.status, `${init.method ?? 'GET'} ${path}: ${text}`).toBe(status);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const outcomes = async (action: string, target: string) =>
    (await call<AuditPage>('/api/marketing/audit?limit=200')).entries
      .filter((e) => e.action === action && e.target === target)
      .map((e) => e.outcome);

  it('saves a template over the version it was opened at, refuses a stale copy with 409, a versionless one with 400', async () => {
    const fields = { name: 'Lake weekend', subject: 'First subject', content: '<p>First</p>' };
    const created = await call<Template>('/api/marketing/templates', { body: fields }, 201);
    expect(created.version).toBe(1);
    const path = `/api/marketing/templates/${created.id}`;

    // Two people opened version 1; the first saves.
    const first = await call<Template>(path, {
      method: 'PUT',
      body: { ...fields, subject: 'Second subject', version: 1 },
    });
    expect(first).toMatchObject({ subject: 'Second subject', version: 2 });

    // The second saves the copy of version 1: refused, and nothing changes.
    const stale = await call<Envelope>(
      path,
      { method: 'PUT', body: { ...fields, content: '<p>Overwritten</p>', version: 1 } },
      409,
    );
    expect(stale.error).toEqual({ code: 'conflict', message: STALE_EDIT_MESSAGES.template });
    expect(await call<Template>(path)).toMatchObject({
      subject: 'Second subject',
      content: '<p>First</p>',
      version: 2,
    });

    const versionless = await call<Envelope>(path, { method: 'PUT', body: { ...fields, subject: 'No version' } }, 400);
    expect(Object.keys(versionless.error.details?.fields ?? {})).toEqual(['version']);
    expect((await call<Template>(path)).subject).toBe('Second subject');

    // Opened again (version 2), saved again: the newest wins, and the list shows it too.
    const again = await call<Template>(path, { method: 'PUT', body: { ...fields, subject: 'Third', version: 2 } });
    expect(again.version).toBe(3);
    const listed = (await call<Template[]>('/api/marketing/templates')).find((t) => t.id === created.id);
    expect(listed).toMatchObject({ subject: 'Third', version: 3 });
    expect(
      await call<Envelope>('/api/marketing/templates/999999', { method: 'PUT', body: { ...fields, version: 1 } }, 404),
    ).toMatchObject({ error: { code: 'not_found' } });

    expect(await outcomes('template.update', `template ${created.id}`)).toEqual(
      expect.arrayContaining(['done', 'done', 'failed']),
    );
  });

  it('changes a lot only from the version stored now; a stale change is a 409 and writes no history', async () => {
    const opened = await call<Lot>('/api/marketing/lots/9');
    expect(opened).toMatchObject({ number: 9, version: 1 });
    const path = '/api/marketing/lots/9';

    const saved = await call<Lot>(path, { method: 'PATCH', body: { version: 1, price: 91000 } });
    expect(saved).toMatchObject({ price: 91000, version: 2 });

    const stale = await call<Envelope>(path, { method: 'PATCH', body: { version: 1, status: 'sold' } }, 409);
    expect(stale.error).toEqual({ code: 'conflict', message: STALE_EDIT_MESSAGES.lot });
    expect(await call<Lot>(path)).toMatchObject({ status: opened.status, price: 91000, version: 2 });
    expect(await call<unknown[]>(`${path}/changes`)).toHaveLength(1);

    const versionless = await call<Envelope>(path, { method: 'PATCH', body: { status: 'sold' } }, 400);
    expect(Object.keys(versionless.error.details?.fields ?? {})).toEqual(['version']);
    // The public map still offers it: nothing was changed by the refused requests.
    expect(await (await stack.api('/map')).text()).not.toContain('aria-label="Lot 9, Sold');
    expect((await call<Lot>(path)).status).toBe(opened.status);

    expect(await call<Lot>(path, { method: 'PATCH', body: { version: 2, status: 'reserved' } })).toMatchObject({
      status: 'reserved',
      price: 91000,
      version: 3,
    });
    await call('/api/marketing/lots/99', {}, 404);
    expect(await outcomes('lot.update', 'lot 9')).toEqual(expect.arrayContaining(['done', 'failed', 'done']));
  });

  it('saves an article over the version it was opened at; publishing moves the version on too', async () => {
    const created = await call<StaffBlogArticle>(
      '/api/marketing/blog/articles',
      { body: { title: 'Spring at the Lake', summary: 'What to do in spring.', contentMarkdown: 'First body' } },
      201,
    );
    expect(created.version).toBe(1);
    const path = `/api/marketing/blog/articles/${created.id}`;

    const first = await call<StaffBlogArticle>(path, {
      method: 'PATCH',
      body: { version: 1, contentMarkdown: 'Second body' },
    });
    expect(first).toMatchObject({ contentMarkdown: 'Second body', version: 2 });

    const stale = await call<Envelope>(
      path,
      { method: 'PATCH', body: { version: 1, title: 'Overwritten', contentMarkdown: 'Old body' } },
      409,
    );
    expect(stale.error).toEqual({ code: 'conflict', message: STALE_EDIT_MESSAGES.article });
    expect(await call<StaffBlogArticle>(path)).toMatchObject({
      title: 'Spring at the Lake',
      contentMarkdown: 'Second body',
      version: 2,
    });

    const versionless = await call<Envelope>(path, { method: 'PATCH', body: { title: 'No version' } }, 400);
    expect(Object.keys(versionless.error.details?.fields ?? {})).toEqual(['version']);

    // Publishing is a write: an editor still holding version 2 is told, not allowed to save over it.
    const published = await call<StaffBlogArticle>(`${path}/publish`, { method: 'POST' });
    expect(published).toMatchObject({ status: 'published', version: 3 });
    await call<Envelope>(path, { method: 'PATCH', body: { version: 2, summary: 'Stale summary' } }, 409);
    expect(
      await call<StaffBlogArticle>(path, { method: 'PATCH', body: { version: 3, summary: 'Fresh summary' } }),
    ).toMatchObject({ summary: 'Fresh summary', status: 'published', version: 4 });
    expect(
      (await call<StaffBlogArticle[]>('/api/marketing/blog/articles')).find((a) => a.id === created.id),
    ).toMatchObject({ version: 4 });

    expect(await outcomes('blog.update', `article ${created.id}`)).toEqual(
      expect.arrayContaining(['done', 'failed', 'failed', 'done']),
    );
  });
});

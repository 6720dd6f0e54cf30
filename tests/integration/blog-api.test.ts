/**
 * The blog end to end: HTTP → gateway → NATS request/reply → content service →
 * Postgres, on the embedded and the real backends. Published-only lists newest first, the 404
 * envelope, conditional GETs, the staff editor's CRUD behind a session, unique slugs, XSS
 * stripped on save and again on serve, cover uploads (magic bytes, size cap, parts over NATS),
 * /media caching, the Atom feed, the published list paged within NATS's message size, the
 * sitemap page's article links in its served HTML, the pages' and the feed's error states
 * while the content service is away, the NUL character refused, and a blog revision that
 * never moves backwards.
 */
import { randomBytes } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { readBlogRevision } from '@lp/content/queries/read-blog-revision';
import { touchBlogRevision } from '@lp/content/queries/touch-blog-revision';
import {
  COVER_IMAGE_POLICY_MESSAGE,
  NOT_STORABLE_MESSAGE,
  PUBLISHED_PAGE_MAX_BYTES,
  RPC,
  type BlogArticle,
  type BlogImage,
  type StaffBlogArticle,
  type StaffBlogArticleSummary,
} from '@lp/contracts';
import { callRpc, createLogger, NoRespondersError } from '@lp/runtime';
import { describeOnEachBackend, largePayloadsLeft } from '../support/stack.ts';
import { useStack } from '../support/fixtures.ts';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const FIELDS = [
  'content',
  'coverImage',
  'id',
  'publishedAt',
  'readTime',
  'slug',
  'summary',
  'tags',
  'title',
  'updatedAt',
];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The JSON a server-rendered page embeds for the client (`<script id="lp-page-data">`). */
function pageDataOf(html: string): Record<string, unknown> {
  const m = /<script type="application\/json" id="lp-page-data">([^<]*)<\/script>/.exec(html);
  if (!m) throw new Error('no page data in the page');
  return JSON.parse(m[1]!) as Record<string, unknown>;
}

describeOnEachBackend('blog API', (backend) => {
  let token: string;
  const stack = useStack({ backend, setup: async (s) => (token = await s.login()) });

  const json = async <T>(res: Response, status: number): Promise<T> => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return (text ? JSON.parse(text) : null) as T;
  };
  /** The status, after reading the body: an unread response would hold its connection open. */
  const statusOf = async (res: Promise<Response> | Response) => {
    const r = await res;
    await r.arrayBuffer();
    return r.status;
  };
  const publicList = async () => json<BlogArticle[]>(await stack.api('/api/blog/articles'), 200);
  const staff = (path: string, init: { method?: string; body?: unknown } = {}) =>
    stack.api(`/api/marketing/blog${path}`, { ...init, token });
  const create = async (body: Record<string, unknown>) =>
    json<StaffBlogArticle>(await staff('/articles', { body }), 201);
  const upload = (body: Buffer, type: string, withToken = true) =>
    fetch(`${stack.baseUrl}/api/marketing/blog/images`, {
      method: 'POST',
      headers: { 'content-type': type, ...(withToken ? { authorization: `Bearer ${token}` } : {}) },
      body,
    });

  it('lists the seeded articles: published only, newest first, with the spec fields', async () => {
    const list = await publicList();
    expect(list).toHaveLength(6);
    for (const a of list) {
      expect(Object.keys(a).sort()).toEqual(FIELDS);
      expect(a.readTime).toBeGreaterThanOrEqual(2);
      expect(a.coverImage).toMatch(/^\/media\/[a-f0-9]{64}\.svg$/);
      expect(a.tags.length).toBeGreaterThan(0);
      expect(a.content).toContain('<h2>');
    }
    const dates = list.map((a) => a.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(list[0]!.slug).toBe('builder-package-good-hope-bay');
    // Every tag is shared by at least two articles, so tag filters and related articles mean something.
    const counts = new Map<string, number>();
    for (const t of list.flatMap((a) => a.tags)) counts.set(t, (counts.get(t) ?? 0) + 1);
    expect([...counts.values()].every((n) => n >= 2)).toBe(true);
  });

  it('answers missing slugs with the 404 envelope', async () => {
    for (const path of ['/api/blog/articles/no-such-article', '/api/blog/articles/Not%20A%20Slug']) {
      const body = await json<{ error: { code: string; message: string } }>(await stack.api(path), 404);
      expect(body.error).toEqual({ code: 'not_found', message: 'Article not found' });
    }
  });

  it('revalidates with ETag and Last-Modified (304), and changes them when the blog changes', async () => {
    for (const path of ['/api/blog/articles', '/api/blog/articles/page-az-market-by-the-numbers']) {
      const first = await stack.api(path);
      expect(first.status).toBe(200);
      await first.text();
      const etag = first.headers.get('etag')!;
      const lastModified = first.headers.get('last-modified')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(new Date(lastModified).getTime()).toBeGreaterThan(0);
      expect(first.headers.get('cache-control')).toBe('public, no-cache');

      const byEtag = await stack.api(path, { headers: { 'if-none-match': etag } });
      expect(byEtag.status).toBe(304);
      expect(await byEtag.text()).toBe('');
      const byDate = await stack.api(path, { headers: { 'if-modified-since': lastModified } });
      expect(byDate.status).toBe(304);
      expect(await statusOf(stack.api(path, { headers: { 'if-none-match': '"stale"' } }))).toBe(200);
    }
    const before = await stack.api('/api/blog/articles');
    const [etag, lastModified] = [before.headers.get('etag')!, before.headers.get('last-modified')!];
    await sleep(1100); // Last-Modified has one-second resolution
    const draft = await create({ title: 'Revision probe', summary: 'S', contentMarkdown: 'Body' });
    // A draft is not in the list, but the blog changed: the list must not claim to be unchanged by date.
    expect(await statusOf(stack.api('/api/blog/articles', { headers: { 'if-modified-since': lastModified } }))).toBe(
      200,
    );
    expect(await statusOf(stack.api('/api/blog/articles', { headers: { 'if-none-match': etag } }))).toBe(304);
    await json(await staff(`/articles/${draft.id}/publish`, { method: 'POST' }), 200);
    expect(await statusOf(stack.api('/api/blog/articles', { headers: { 'if-none-match': etag } }))).toBe(200);
    expect(await statusOf(staff(`/articles/${draft.id}`, { method: 'DELETE' }))).toBe(204);
  });

  it('runs the staff round trip: create, edit, publish, unpublish, delete — only with a session', async () => {
    const anon = await stack.api('/api/marketing/blog/articles');
    expect(await statusOf(anon)).toBe(401);
    expect(await statusOf(stack.api('/api/marketing/blog/articles', { body: { title: 'x' } }))).toBe(401);

    const created = await create({
      title: 'Boat Storage Options in Page',
      summary: 'Where owners keep boats between lake days.',
      contentMarkdown: '## Covered storage\n\nMost marinas offer it.',
      tags: ['Boating', ' Lots ', 'boating'],
    });
    expect(created).toMatchObject({
      slug: 'boat-storage-options-in-page',
      status: 'draft',
      publishedAt: null,
      tags: ['Boating', 'Lots'],
      readTime: 1,
      contentMarkdown: '## Covered storage\n\nMost marinas offer it.',
    });
    expect(created.content).toContain('<h2>Covered storage</h2>');
    const path = `/articles/${created.id}`;

    await json(await stack.api(`/api/blog/articles/${created.slug}`), 404);
    expect((await publicList()).some((a) => a.id === created.id)).toBe(false);

    const edited = await json<StaffBlogArticle>(
      await staff(path, {
        method: 'PATCH',
        body: { version: created.version, title: 'Boat and Trailer Storage in Page', coverImage: '' },
      }),
      200,
    );
    expect(edited.title).toBe('Boat and Trailer Storage in Page');
    expect(edited.slug).toBe(created.slug); // stable unless asked
    expect(edited.coverImage).toBeNull();

    const published = await json<StaffBlogArticle>(await staff(`${path}/publish`, { method: 'POST' }), 200);
    expect(published.status).toBe('published');
    expect(published.publishedAt).not.toBeNull();
    const seen = await json<BlogArticle>(await stack.api(`/api/blog/articles/${created.slug}`), 200);
    expect(Object.keys(seen).sort()).toEqual(FIELDS);
    expect((await publicList())[0]!.id).toBe(created.id);

    const list = await json<StaffBlogArticleSummary[]>(await staff('/articles'), 200);
    expect(list.find((a) => a.id === created.id)).toMatchObject({ status: 'published' });
    expect(list[0]).not.toHaveProperty('contentMarkdown');

    const unpublished = await json<StaffBlogArticle>(await staff(`${path}/unpublish`, { method: 'POST' }), 200);
    expect(unpublished.status).toBe('draft');
    await json(await stack.api(`/api/blog/articles/${created.slug}`), 404);
    const republished = await json<StaffBlogArticle>(await staff(`${path}/publish`, { method: 'POST' }), 200);
    expect(republished.publishedAt).toBe(published.publishedAt); // keeps its original date

    expect(await statusOf(staff(path, { method: 'DELETE' }))).toBe(204);
    await json(await staff(path), 404);
    await json(await staff(path, { method: 'DELETE' }), 404);
    await json(await staff('/articles/abc'), 404);
    await json(await stack.api(`/api/blog/articles/${created.slug}`), 404);
  });

  it('refuses invalid input with 400 and field messages', async () => {
    const empty = await json<{ error: { code: string; details: { fields: Record<string, string[]> } } }>(
      await staff('/articles', { body: {} }),
      400,
    );
    expect(empty.error.code).toBe('validation_failed');
    expect(empty.error.details.fields).toMatchObject({
      title: ['Title is required'],
      summary: ['Summary is required'],
      contentMarkdown: ['Content is required'],
    });
    const bad = await json<{ error: { details: { fields: Record<string, string[]> } } }>(
      await staff('/articles', {
        body: {
          title: 'T',
          summary: 'S',
          contentMarkdown: 'C',
          slug: 'Not A Slug',
          coverImage: 'javascript:alert(1)',
          tags: Array.from({ length: 11 }, (_, i) => `t${i}`),
        },
      }),
      400,
    );
    expect(Object.keys(bad.error.details.fields).sort()).toEqual(['coverImage', 'slug', 'tags']);
  });

  it('keeps slugs unique: -2, -3 for generated ones, 409 for a taken explicit one, editable', async () => {
    const body = { title: 'Lake Days: A Weekend Plan', summary: 'S', contentMarkdown: 'C' };
    const [a, b, c] = [await create(body), await create(body), await create(body)];
    expect([a.slug, b.slug, c.slug]).toEqual([
      'lake-days-a-weekend-plan',
      'lake-days-a-weekend-plan-2',
      'lake-days-a-weekend-plan-3',
    ]);

    const clash = await json<{ error: { code: string; details: { fields: Record<string, string[]> } } }>(
      await staff(`/articles/${c.id}`, { method: 'PATCH', body: { version: c.version, slug: a.slug } }),
      409,
    );
    expect(clash.error.code).toBe('conflict');
    expect(clash.error.details.fields.slug).toBeDefined();

    const renamed = await json<StaffBlogArticle>(
      await staff(`/articles/${c.id}`, {
        method: 'PATCH',
        body: { version: c.version, slug: 'lake-days-for-families' },
      }),
      200,
    );
    expect(renamed.slug).toBe('lake-days-for-families');
    const regenerated = await json<StaffBlogArticle>(
      await staff(`/articles/${b.id}`, {
        method: 'PATCH',
        body: { version: b.version, title: 'Lake Days in Winter', slug: '' },
      }),
      200,
    );
    expect(regenerated.slug).toBe('lake-days-in-winter');
    const d = await create({ ...body, slug: 'custom-slug' });
    expect(d.slug).toBe('custom-slug');
    await json(await staff('/articles', { body: { ...body, slug: 'custom-slug' } }), 409);
    for (const x of [a, b, c, d]) await staff(`/articles/${x.id}`, { method: 'DELETE' });
  });

  it('strips executable content on save and again on serve', async () => {
    const markdown = [
      '# Heading',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[click](javascript:alert(1)) [safe](https://www.nps.gov/glca/)',
      '<a href="jav&#x09;ascript:alert(1)">tab</a>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<svg onload=alert(1)></svg><style>*{}</style>',
    ].join('\n\n');
    const saved = await create({ title: 'XSS probe', summary: 'S', contentMarkdown: markdown });
    expect(saved.contentMarkdown).toBe(markdown); // the source is kept as written
    const inert = (html: string) => {
      expect(html).not.toMatch(/<script|<iframe|<svg|<style|onerror|onload|javascript:|srcdoc/i);
    };
    inert(saved.content);
    expect(saved.content).toContain(
      '<a href="https://www.nps.gov/glca/" target="_blank" rel="noopener noreferrer">safe</a>',
    );

    await json(await staff(`/articles/${saved.id}/publish`, { method: 'POST' }), 200);
    // Someone writes HTML straight into the database: it is still cleaned when served.
    await stack.platform.db.knex.withSchema('content').table('articles').where({ id: saved.id }).update({
      content_html:
        '<p>ok</p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>',
    });
    const served = await json<BlogArticle>(await stack.api(`/api/blog/articles/${saved.slug}`), 200);
    inert(served.content);
    expect(served.content).toContain('<p>ok</p>');
    inert((await publicList()).find((a) => a.id === saved.id)!.content);
    inert(await (await stack.api('/blog/feed.xml')).text());
    await staff(`/articles/${saved.id}`, { method: 'DELETE' });
  });

  it('stores cover images checked by magic bytes and size, and serves them immutable from /media', async () => {
    expect(await statusOf(upload(PNG_1x1, 'image/png', false))).toBe(401);

    const stored = await json<BlogImage>(await upload(PNG_1x1, 'image/png'), 201);
    expect(stored).toMatchObject({ contentType: 'image/png', size: PNG_1x1.length });
    expect(stored.url).toBe(`/media/${stored.sha256}.png`);
    const media = await stack.api(stored.url);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/png');
    expect(media.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(media.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await media.arrayBuffer()).equals(PNG_1x1)).toBe(true);
    expect(await statusOf(stack.api(stored.url, { headers: { 'if-none-match': `"${stored.sha256}"` } }))).toBe(304);
    expect(await statusOf(stack.api(stored.url.replace('.png', '.gif')))).toBe(404);
    expect(await statusOf(stack.api(`/media/${'0'.repeat(64)}.png`))).toBe(404);
    expect(await statusOf(stack.api('/media/not-a-hash.png'))).toBe(404);

    const code = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
    const refusals: [Buffer, string, number, string][] = [
      [PNG_1x1, 'text/plain', 415, 'unsupported_media_type'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        'image/svg+xml',
        415,
        'unsupported_media_type',
      ],
      [Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/png', 415, 'unsupported_media_type'],
      [PNG_1x1, 'image/jpeg', 415, 'unsupported_media_type'],
      [Buffer.alloc(0), 'image/png', 400, 'bad_request'],
    ];
    for (const [body, type, status, errorCode] of refusals) {
      const res = await upload(body, type);
      expect(res.status, `${type} ${body.subarray(0, 12).toString()}`).toBe(status);
      expect(await code(res)).toBe(errorCode);
    }
    const oversized = Buffer.concat([JPEG_HEAD, Buffer.alloc(5 * 1024 * 1024)]);
    const big = await upload(oversized, 'image/jpeg');
    expect(big.status).toBe(413);
    expect(await code(big)).toBe('payload_too_large');

    // Over NATS's max_payload (1 MB by default): handed over both ways through the bus's large
    // payloads, read back intact, and nothing is left behind, whether stored or refused.
    const large = Buffer.concat([JPEG_HEAD, randomBytes(1_600_000)]);
    expect(await code(await upload(large, 'image/png'))).toBe('unsupported_media_type');
    const stored2 = await json<BlogImage>(await upload(large, 'image/jpeg'), 201);
    expect(stored2).toMatchObject({ contentType: 'image/jpeg', size: large.length });
    const back = Buffer.from(await (await stack.api(stored2.url)).arrayBuffer());
    expect(back.equals(large)).toBe(true);
    expect(await largePayloadsLeft(stack)).toBe(0);

    const withCover = await create({
      title: 'With a cover',
      summary: 'S',
      contentMarkdown: 'C',
      coverImage: stored.url,
    });
    expect(withCover.coverImage).toBe(stored.url);
    await staff(`/articles/${withCover.id}`, { method: 'DELETE' });
  });

  it('serves the seeded SVG covers sandboxed', async () => {
    const cover = (await publicList()).find((a) => a.coverImage?.endsWith('.svg'))!.coverImage!;
    const res = await stack.api(cover);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(await res.text()).toMatch(/^<svg [^>]*viewBox="0 0 1200 630"/);
  });

  it('publishes an Atom feed of the published articles with absolute URLs', async () => {
    const res = await stack.api('/blog/feed.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const xml = await res.text();
    const list = await publicList();
    expect(xml.match(/<entry>/g)).toHaveLength(list.length);
    for (const a of list) expect(xml).toContain(`href="https://lakepowelllots.com/blog/${a.slug}"`);
    expect(xml).toMatch(/<media:thumbnail url="https:\/\/lakepowelllots\.com\/media\/[a-f0-9]{64}\.svg"\/>/);
    expect(xml).not.toMatch(/(href|src)=&quot;\/(?!\/)/);
    const etag = res.headers.get('etag')!;
    expect(await statusOf(stack.api('/blog/feed.xml', { headers: { 'if-none-match': etag } }))).toBe(304);
  });

  it('holds cover images to the article image policy: 400 with a field error for another host, left out on serve', async () => {
    for (const coverImage of ['https://tracker.example/pixel.png', 'http://lakepowelllots.com/x.png', '/media/x.png']) {
      const refused = await json<{ error: { details: { fields: Record<string, string[]> } } }>(
        await staff('/articles', { body: { title: 'Cover probe', summary: 'S', contentMarkdown: 'C', coverImage } }),
        400,
      );
      expect(refused.error.details.fields, coverImage).toEqual({ coverImage: [COVER_IMAGE_POLICY_MESSAGE] });
    }
    const draft = await create({ title: 'Cover probe', summary: 'S', contentMarkdown: 'C' });
    const patched = await json<{ error: { details: { fields: Record<string, string[]> } } }>(
      await staff(`/articles/${draft.id}`, {
        method: 'PATCH',
        body: { version: draft.version, coverImage: 'https://tracker.example/p.png' },
      }),
      400,
    );
    expect(patched.error.details.fields).toEqual({ coverImage: [COVER_IMAGE_POLICY_MESSAGE] });
    // A cover stored before the policy (or by hand) is not served.
    await stack.platform.db.knex
      .withSchema('content')
      .table('articles')
      .where({ id: draft.id })
      .update({ cover_image: 'https://tracker.example/old.png' });
    const served = await json<StaffBlogArticle>(await staff(`/articles/${draft.id}`), 200);
    expect(served.coverImage).toBeNull();
    expect(await statusOf(staff(`/articles/${draft.id}`, { method: 'DELETE' }))).toBe(204);
  });

  it('refuses the NUL character in every free-text field with field errors (PostgreSQL cannot store it)', async () => {
    const nul = '\u0000';
    const refused = await json<{ error: { code: string; details: { fields: Record<string, string[]> } } }>(
      await staff('/articles', {
        body: {
          title: `Lots${nul}`,
          summary: `Summary${nul}`,
          contentMarkdown: `## Body${nul}`,
          tags: ['Lots', `Inv${nul}esting`],
          coverImage: `https://images.example/${nul}.png`,
        },
      }),
      400,
    );
    expect(refused.error.code).toBe('validation_failed');
    expect(refused.error.details.fields).toEqual({
      title: [NOT_STORABLE_MESSAGE],
      summary: [NOT_STORABLE_MESSAGE],
      contentMarkdown: [NOT_STORABLE_MESSAGE],
      'tags.1': [NOT_STORABLE_MESSAGE],
      coverImage: [NOT_STORABLE_MESSAGE, COVER_IMAGE_POLICY_MESSAGE],
    });
    const draft = await create({ title: 'NUL probe', summary: 'S', contentMarkdown: 'C' });
    const patched = await json<{ error: { details: { fields: Record<string, string[]> } } }>(
      await staff(`/articles/${draft.id}`, {
        method: 'PATCH',
        body: { version: draft.version, contentMarkdown: `a${nul}b`, tags: [nul] },
      }),
      400,
    );
    expect(patched.error.details.fields).toEqual({
      contentMarkdown: [NOT_STORABLE_MESSAGE],
      'tags.0': [NOT_STORABLE_MESSAGE],
    });
    expect((await json<StaffBlogArticle>(await staff(`/articles/${draft.id}`), 200)).contentMarkdown).toBe('C');
    expect(await statusOf(staff(`/articles/${draft.id}`, { method: 'DELETE' }))).toBe(204);
  });

  it('pages the published list within NATS message size, and every page still has every article', async () => {
    const knex = stack.platform.db.knex;
    // 12 published articles of ~170 kB each: together far over NATS's 1 MB max_payload. Dates
    // repeat, so pages also have to break ties by id.
    const rows = Array.from({ length: 12 }, (_, i) => ({
      slug: `long-read-${i}`,
      title: `Long read ${i}`,
      summary: 'A long article',
      content_markdown: 'Long',
      content_html: `<p>${`Long read ${i}, one more paragraph of it. `.repeat(4000)}</p>`,
      tags: ['Long reads'],
      status: 'published',
      read_time: 40,
      published_at: new Date(Date.UTC(2020, 0, 1 + (i % 4))),
    }));
    const ids = (await knex.withSchema('content').table('articles').insert(rows).returning('id')).map(
      (r: { id: number }) => r.id,
    );
    const bus = stack.platform.bus;
    const request = bus.request.bind(bus);
    const replies: number[] = [];
    const spy = vi.spyOn(bus, 'request').mockImplementation(async (subject, payload, opts) => {
      const reply = await request(subject, payload, opts);
      if (subject === RPC.content.articlesList.subject || subject === RPC.content.articleCardsList.subject)
        replies.push(Buffer.byteLength(JSON.stringify(reply)));
      return reply;
    });
    try {
      const list = await publicList();
      expect(list).toHaveLength(18);
      const newestFirst = ids
        .map((id, i) => ({ id, at: rows[i]!.published_at.getTime() }))
        .sort((x, y) => y.at - x.at || y.id - x.id)
        .map((x) => x.id);
      expect(list.map((a) => a.id).filter((id) => ids.includes(id))).toEqual(newestFirst);
      for (const a of list) expect(Object.keys(a).sort()).toEqual(FIELDS);
      expect(list.find((a) => a.slug === 'long-read-5')!.content.length).toBeGreaterThan(150_000);
      expect(replies.length).toBeGreaterThan(1);

      const blog = await stack.api('/blog');
      expect(blog.status).toBe(200);
      const listData = pageDataOf(await blog.text()).articles as Record<string, unknown>[];
      expect(listData).toHaveLength(18);
      expect(listData.some((a) => 'content' in a)).toBe(false); // cards need no bodies

      const one = await stack.api('/blog/long-read-5');
      expect(one.status).toBe(200);
      const oneData = pageDataOf(await one.text());
      expect((oneData.article as BlogArticle).content.length).toBeGreaterThan(150_000);
      expect((oneData.articles as Record<string, unknown>[]).some((a) => 'content' in a)).toBe(false);

      const sitemap = await (await stack.api('/sitemap.xml')).text();
      for (const r of rows) expect(sitemap).toContain(`/blog/${r.slug}</loc>`);
      const feed = await (await stack.api('/blog/feed.xml')).text();
      expect(feed.match(/<entry>/g)).toHaveLength(18);

      expect(replies.length).toBeGreaterThan(4);
      for (const size of replies) expect(size).toBeLessThanOrEqual(PUBLISHED_PAGE_MAX_BYTES);
      await expect(
        callRpc(bus, RPC.content.articlesList, { cursor: 'not-a-cursor' }, { log: createLogger('test', 'silent') }),
      ).rejects.toMatchObject({
        status: 400,
      });
    } finally {
      spy.mockRestore();
      await knex.withSchema('content').table('articles').whereIn('id', ids).delete();
    }
  });

  it('serves /sitemap with a link per published article in its HTML, one published after the build included', async () => {
    const before = await stack.api('/sitemap');
    expect(before.status).toBe(200);
    const etag = before.headers.get('etag')!;
    const lastModified = before.headers.get('last-modified')!;
    expect(before.headers.get('cache-control')).toBe('public, no-cache');
    const beforeHtml = await before.text();
    for (const a of await publicList()) expect(beforeHtml).toContain(`href="/blog/${a.slug}"`);
    expect(await statusOf(stack.api('/sitemap', { headers: { 'if-none-match': etag } }))).toBe(304);
    expect(await statusOf(stack.api('/sitemap', { headers: { 'if-modified-since': lastModified } }))).toBe(304);

    await sleep(1100); // Last-Modified has one-second resolution
    const created = await create({ title: 'Winter Lake Days in Page', summary: 'S', contentMarkdown: 'Body' });
    try {
      await json(await staff(`/articles/${created.id}/publish`, { method: 'POST' }), 200);
      expect(await statusOf(stack.api('/sitemap', { headers: { 'if-none-match': etag } }))).toBe(200);
      expect(await statusOf(stack.api('/sitemap', { headers: { 'if-modified-since': lastModified } }))).toBe(200);
      const res = await stack.api('/sitemap');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await res.text();
      // Before any JavaScript runs: the new article's title link, and no loading line.
      expect(html).toMatch(new RegExp(`<a [^>]*href="/blog/${created.slug}"[^>]*>Winter Lake Days in Page</a>`));
      expect(html).not.toContain('Loading articles...');
      expect(html).toContain('Blog Home');
      expect(html).toMatch(/<title>Sitemap \|/);
      expect(html).toContain('<link rel="canonical" href="https://lakepowelllots.com/sitemap" />');
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
      // Hydration starts from the same cards (no bodies), so it never flashes back to loading.
      const cards = pageDataOf(html).articles as Record<string, unknown>[];
      expect(cards.find((a) => a.id === created.id)).toMatchObject({ title: 'Winter Lake Days in Page' });
      expect(cards.some((a) => 'content' in a)).toBe(false);
    } finally {
      expect(await statusOf(staff(`/articles/${created.id}`, { method: 'DELETE' }))).toBe(204);
    }
    expect(await (await stack.api('/sitemap')).text()).not.toContain(`href="/blog/${created.slug}"`);
  });

  /** Runs `fn` while every `rpc.content.*` request fails as if no content service were running. */
  async function withContentDown(fn: () => Promise<void>) {
    const bus = stack.platform.bus;
    const request = bus.request.bind(bus);
    const spy = vi.spyOn(bus, 'request').mockImplementation(async (subject, payload, opts) => {
      if (subject.startsWith('rpc.content.')) throw new NoRespondersError(`no service answers ${subject}`);
      return request(subject, payload, opts);
    });
    try {
      await fn();
    } finally {
      spy.mockRestore();
    }
  }
  const unavailable = async (path: string, type: RegExp) => {
    const res = await stack.api(path);
    const text = await res.text();
    expect(res.status, path).toBe(503);
    expect(res.headers.get('content-type'), path).toMatch(type);
    expect(res.headers.get('retry-after'), path).toBe('30');
    expect(res.headers.get('cache-control'), path).toBe('no-store');
    expect(text, path).not.toContain('"error":');
    return text;
  };

  it("shows the pages' error states as HTML with 503 and Retry-After while the content service cannot answer", async () => {
    await withContentDown(async () => {
      const list = await unavailable('/blog', /^text\/html/);
      expect(list).toContain('Error loading articles. Please try again later.');
      expect(list).not.toContain('Loading articles...');
      const article = await unavailable('/blog/page-az-market-by-the-numbers', /^text\/html/);
      expect(article).toContain('Article Not Found');
      expect(article).toContain('Browse All Articles');
      const sitemapPage = await unavailable('/sitemap', /^text\/html/);
      expect(sitemapPage).toContain('Error loading articles');
      expect(sitemapPage).toContain('Blog Home');
      expect(sitemapPage).not.toContain('Loading articles...');
      await unavailable('/sitemap.xml', /^text\/plain/);
      // The JSON API keeps its envelope.
      expect((await json<{ error: { code: string } }>(await stack.api('/api/blog/articles'), 503)).error.code).toBe(
        'unavailable',
      );
    });
    expect(await statusOf(stack.api('/blog'))).toBe(200);
    expect(await statusOf(stack.api('/sitemap'))).toBe(200);
  });

  it('answers the Atom feed with a short plain-text 503 and Retry-After while the content service cannot answer', async () => {
    await withContentDown(async () => {
      const text = await unavailable('/blog/feed.xml', /^text\/plain/);
      expect(text.length).toBeLessThan(200);
    });
    expect(await statusOf(stack.api('/blog/feed.xml'))).toBe(200);
  });

  it.runIf(backend === 'real')('never moves the blog revision backwards when writes overlap', async () => {
    const knex = stack.platform.db.knex;
    const early = await knex.transaction();
    try {
      await early.raw('select 1'); // its transaction (and now()) has started
      await sleep(50);
      await knex.transaction((late) => touchBlogRevision(late));
      const afterLate = await readBlogRevision(knex);
      await touchBlogRevision(early);
      await early.commit();
      expect((await readBlogRevision(knex)).getTime()).toBeGreaterThanOrEqual(afterLate.getTime());
    } finally {
      if (!early.isCompleted()) await early.rollback();
    }
  });
});

/**
 * `GET /api/marketing/submissions` answers every submission however long their messages: crm
 * answers a page at a time, each under NATS's 1 MiB max payload, and the gateway joins them
 * into the spec's array; `limit` and `cursor` page it, the next page named in `Link`.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { FormSubmission } from '@lp/contracts';
import { describeOnEachBackend } from '../support/stack.ts';
import { useStack } from '../support/fixtures.ts';

const COUNT = 400;

describeOnEachBackend('form submissions paged under the bus payload limit', (backend) => {
  let token: string;
  const stack = useStack({
    backend,
    setup: async () => {
      token = await stack.login();
      // 400 submissions with 4,000-character messages: about 1.7 MB, more than one bus message.
      const base = Date.parse('2026-01-01T00:00:00Z');
      const rows = Array.from({ length: COUNT }, (_, i) => ({
        event_id: randomUUID(),
        idempotency_key: `paging-${i}`,
        first_name: 'Long',
        last_name: `Message ${i}`,
        email: `long${i}@example.com`,
        phone: '9285550100',
        message: `${i} `.padEnd(4000, 'lake view '),
        source: 'contact-page',
        // Pairs share a time, so the order falls back on the id.
        created_at: new Date(base + Math.floor(i / 2) * 1000),
      }));
      await stack.platform.db.knex.withSchema('crm').table('form_submissions').insert(rows);
    },
  });

  const get = (path: string) => stack.api(path, { token });
  const expectNewestFirst = (list: FormSubmission[]) => {
    expect(list).toHaveLength(COUNT);
    expect(list.map((s) => s.lastName)).toEqual(Array.from({ length: COUNT }, (_, i) => `Message ${COUNT - 1 - i}`));
    expect(list[0]!.message).toHaveLength(4000);
  };

  it('answers the whole list in one array by default', async () => {
    const res = await get('/api/marketing/submissions');
    expect(res.status).toBe(200);
    expectNewestFirst((await res.json()) as FormSubmission[]);
    expect(res.headers.get('link')).toBeNull();
  });

  it('pages with limit and the cursor in Link', async () => {
    const all: FormSubmission[] = [];
    let next: string | null = '/api/marketing/submissions?limit=150';
    let pages = 0;
    while (next) {
      const res = await get(next);
      expect(res.status).toBe(200);
      const page = (await res.json()) as FormSubmission[];
      expect(page.length).toBeLessThanOrEqual(150);
      all.push(...page);
      next = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
      pages++;
    }
    expect(pages).toBe(3);
    expectNewestFirst(all);
  });

  it('refuses a limit or cursor that is not a whole number in range with 400', async () => {
    for (const q of ['limit=0', 'limit=5001', 'limit=ten', 'cursor=-1'])
      expect((await get(`/api/marketing/submissions?${q}`)).status, q).toBe(400);
  });
});

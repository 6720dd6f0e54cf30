/**
 * Segments end to end (HTTP → gateway → bus → crm → PostgreSQL), on both backends, as staff meet
 * them: the live count of a filter being edited, a segment saved, read, paged and exported as CSV,
 * edited with its version (a stale copy refused with 409), a condition naming an unknown custom
 * field or list refused with a 400 naming it, deleted, every change audited; and a broadcast to a
 * segment reaching exactly its mailable contacts through SMTP; engagement asked of the mailer, and
 * the first-touch campaign and the lots viewed asked of analytics (pixel hits, then forms sent
 * from those sessions), the lots available of the inventory, the lots asked about from crm's own
 * submissions.
 */
import { expect, it } from 'vitest';
import type { Knex } from '@lp/runtime';
import { site, STALE_EDIT_MESSAGES, type CampaignDetail, type Contact, type Segment } from '@lp/contracts';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { useStackAndSmtpSink } from '../support/fixtures.ts';
import { CHROME_UA, SAMPLE_SUBMISSION } from '../support/samples.ts';

type Envelope = { error: { code: string; message: string; details?: { fields?: Record<string, string[]> } } };
type AuditPage = { entries: { action: string; target: string | null; outcome: string }[] };

describeOnEachBackend('segments', (backend) => {
  let token: string;
  let knex: Knex;
  const { stack, sink } = useStackAndSmtpSink({
    backend,
    env: { MAIL_SEND_RATE: '0' },
    setup: async (s) => {
      token = await s.login();
      knex = s.platform.db.knex;
    },
  });

  const call = async <T>(path: string, init: { method?: string; body?: unknown } = {}, status = 200) => {
    const res = await stack.api(path, { token, ...init });
    const text = await res.text();
    expect(res.status, `${init.method ?? 'GET'} ${path}: ${text}`).toBe(status);
    return (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
  };
  const add = (email: string, body: Record<string, unknown>) =>
    call<Contact>('/api/marketing/contacts', { body: { email, ...body } }, 201);

  it('count while editing → save → read, page and export → edit with the version → refuse unknowns → delete', async () => {
    await call('/api/marketing/custom-fields', { body: { name: 'Budget', type: 'number' } }, 201);
    await add('ana@example.com', { firstName: 'Ana', tags: ['Lake view'], customFields: { budget: 300000 } });
    await add('ben@example.com', { firstName: 'Ben', tags: ['lake view'], customFields: { budget: 120000 } });
    await add('cal@example.com', { firstName: 'Cal', tags: ['lake view'], customFields: { budget: 450000 } });
    await add('dee@example.com', { firstName: 'Dee', tags: ['builder'], customFields: { budget: 900000 } });
    const filter = {
      match: 'all',
      conditions: [
        { field: 'tag', op: 'has', tag: 'Lake View' },
        { field: 'custom', key: 'budget', op: 'gt', value: 200000 },
      ],
    };
    // Ana and Cal: tagged and above 200,000 (Ben is below, Dee untagged).
    expect(await call('/api/marketing/segments/count', { method: 'POST', body: { filter } })).toEqual({ count: 2 });

    const saved = await call<Segment>('/api/marketing/segments', { body: { name: 'Lake view buyers', filter } }, 201);
    expect(saved).toMatchObject({
      name: 'Lake view buyers',
      version: 1,
      filter: { conditions: [{ tag: 'lake view' }, {}] },
    });
    expect(await call(`/api/marketing/segments/${saved.id}`)).toEqual(saved);
    expect((await call<Segment[]>('/api/marketing/segments')).map((s) => s.name)).toContain('Lake view buyers');
    expect(await call(`/api/marketing/segments/${saved.id}/count`)).toEqual({ count: 2 });

    // A page of one, newest first, with the total and the next page's link.
    const res = await stack.api(`/api/marketing/segments/${saved.id}/contacts?limit=1`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(((await res.json()) as Contact[]).map((c) => c.email)).toEqual(['cal@example.com']);
    const link = res.headers.get('link') ?? '';
    expect(link.endsWith('>; rel="next"')).toBe(true);
    const next = link.slice(1, link.indexOf('>'));
    expect((await call<Contact[]>(next)).map((c) => c.email)).toEqual(['ana@example.com']);

    const csv = await stack.api(`/api/marketing/segments/${saved.id}/contacts/export`, { token });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0]!.startsWith('email,')).toBe(true);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['cal@example.com', 'ana@example.com']);

    // Edited with the version it was opened at; the copy opened before is refused.
    const edited = await call<Segment>(`/api/marketing/segments/${saved.id}`, {
      method: 'PUT',
      body: { name: 'Lake view, any budget', filter: { conditions: [filter.conditions[0]] }, version: saved.version },
    });
    expect(edited.version).toBe(saved.version + 1);
    expect(await call(`/api/marketing/segments/${saved.id}/count`)).toEqual({ count: 3 });
    const stale = await call<Envelope>(
      `/api/marketing/segments/${saved.id}`,
      { method: 'PUT', body: { name: 'Old copy', filter, version: saved.version } },
      409,
    );
    expect(stale.error.message).toBe(STALE_EDIT_MESSAGES.segment);

    // Unknown custom field and list, named by their condition; a malformed condition by its path.
    const unknown = await call<Envelope>(
      '/api/marketing/segments',
      {
        body: {
          name: 'Broken',
          filter: {
            conditions: [
              { field: 'custom', key: 'no_such_field', op: 'is_set' },
              { field: 'list', op: 'in', listId: 987654 },
            ],
          },
        },
      },
      400,
    );
    expect(unknown.error.details?.fields).toEqual({
      'filter.conditions.0.key': ['There is no custom field "no_such_field"'],
      'filter.conditions.1.listId': ['There is no list 987654'],
    });
    const malformed = await call<Envelope>(
      '/api/marketing/segments/count',
      { method: 'POST', body: { filter: { conditions: [{ field: 'created', op: 'before', value: '2026-02-30' }] } } },
      400,
    );
    expect(malformed.error).toMatchObject({
      code: 'validation_failed',
      details: { fields: { 'filter.conditions.0.value': ['Give a date of the calendar'] } },
    });
    const taken = await call<Envelope>(
      '/api/marketing/segments',
      { body: { name: 'LAKE VIEW, ANY BUDGET', filter } },
      409,
    );
    expect(taken.error.details?.fields?.name).toEqual(['A segment named Lake view, any budget already exists']);

    await call(`/api/marketing/segments/${saved.id}`, { method: 'DELETE' }, 204);
    await call(`/api/marketing/segments/${saved.id}`, {}, 404);
    await call(`/api/marketing/segments/${saved.id}`, { method: 'DELETE' }, 404);

    const audit = (await call<AuditPage>('/api/marketing/audit?limit=200')).entries.filter((e) =>
      e.action.startsWith('segment.'),
    );
    expect(audit.filter((e) => e.outcome === 'done').map((e) => [e.action, e.target])).toEqual(
      expect.arrayContaining([
        ['segment.create', `segment ${saved.id}`],
        ['segment.update', `segment ${saved.id}`],
        ['segment.delete', `segment ${saved.id}`],
      ]),
    );
  });

  it('filters the Contacts screen by a segment: paged, searched within, all matching put on a list, exported', async () => {
    for (const [email, tags] of [
      ['sea1@example.com', ['sailor']],
      ['sea2@example.com', ['sailor', 'vip']],
      ['sea3@example.com', ['sailor']],
      ['land@example.com', ['hiker']],
    ] as const)
      await add(email, { firstName: email.slice(0, 4), tags });
    const segment = await call<Segment>(
      '/api/marketing/segments',
      { body: { name: 'Sailors', filter: { match: 'all', conditions: [{ field: 'tag', op: 'has', tag: 'sailor' }] } } },
      201,
    );
    const page = await stack.api(`/api/marketing/contacts?segmentId=${segment.id}&limit=2`, { token });
    expect(page.headers.get('x-total-count')).toBe('3');
    expect(((await page.json()) as Contact[]).map((c) => c.email)).toEqual(['sea3@example.com', 'sea2@example.com']);
    // The next page's link keeps the segment.
    const link = page.headers.get('link') ?? '';
    expect(link).toContain(`segmentId=${segment.id}`);
    expect((await call<Contact[]>(link.slice(1, link.indexOf('>')))).map((c) => c.email)).toEqual(['sea1@example.com']);
    // A search within the segment.
    expect(
      (await call<Contact[]>(`/api/marketing/contacts?segmentId=${segment.id}&q=vip`)).map((c) => c.email),
    ).toEqual(['sea2@example.com']);

    // "Select all matching" → Add to list: exactly the segment's contacts.
    const list = await call<{ id: number }>(
      '/api/marketing/lists',
      { body: { name: 'Sailing club', description: null } },
      201,
    );
    const bulk = await call<{ matched: number; changed: number }>('/api/marketing/contacts/bulk', {
      body: { action: 'add_to_list', listId: list.id, selection: { match: { segmentId: segment.id } } },
    });
    expect(bulk).toMatchObject({ matched: 3, changed: 3 });
    expect((await call<Contact[]>(`/api/marketing/contacts?listId=${list.id}`)).map((c) => c.email).sort()).toEqual([
      'sea1@example.com',
      'sea2@example.com',
      'sea3@example.com',
    ]);

    const csv = await stack.api(`/api/marketing/contacts/export?segmentId=${segment.id}&q=sea1`, { token });
    expect(
      (await csv.text())
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((l) => l.split(',')[0]),
    ).toEqual(['sea1@example.com']);

    // An unknown segment is a 404 (the table, the bulk action), a malformed id a 400 naming it.
    const unknown = await stack.api('/api/marketing/contacts?segmentId=999999', { token });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as Envelope).error.message).toBe('Segment not found');
    const unknownBulk = await stack.api('/api/marketing/contacts/bulk', {
      token,
      body: { action: 'delete', selection: { match: { segmentId: 999999 } } },
    });
    expect(unknownBulk.status).toBe(404);
    const malformed = await stack.api('/api/marketing/contacts?segmentId=boats', { token });
    expect(malformed.status).toBe(400);
    expect(Object.keys(((await malformed.json()) as Envelope).error.details?.fields ?? {})).toEqual(['segmentId']);
    expect((await call<Contact[]>('/api/marketing/contacts?q=land')).map((c) => c.email)).toEqual(['land@example.com']);
  });

  it('a broadcast to a segment reaches its mailable contacts as they stand when it starts', async () => {
    const contacts = [
      ['ivy@example.com', 'subscribed', ['investor']],
      ['joe@example.com', 'unsubscribed', ['investor']],
      ['kim@example.com', 'bounced', ['investor']],
      ['lee@example.com', 'subscribed', []],
    ] as const;
    for (const [email, status, tags] of contacts)
      await knex.withSchema('crm').table('contacts').insert({ email, status, tags, source: 'manual_entry' });
    const segment = await call<Segment>(
      '/api/marketing/segments',
      { body: { name: 'Investors', filter: { conditions: [{ field: 'tag', op: 'has', tag: 'investor' }] } } },
      201,
    );
    // Tagged after the segment was saved: still in it when the send starts.
    await knex
      .withSchema('crm')
      .table('contacts')
      .insert({ email: 'max@example.com', tags: ['investor'], source: 'manual_entry' });
    sink.messages.length = 0;
    const { campaignId } = await call<{ campaignId: number }>(
      '/api/marketing/single-send',
      {
        body: {
          fromName: 'Lake Powell Lots',
          fromEmail: site.email,
          segmentId: segment.id,
          subject: 'For investors',
          content: '<p>Hi</p>',
        },
      },
      202,
    );
    const done = await eventually(
      async () => {
        const c = await call<CampaignDetail>(`/api/marketing/campaigns/${campaignId}`);
        return c.status === 'completed' ? c : undefined;
      },
      20_000,
      'the campaign to complete',
    );
    expect(done.total_recipients).toBe(2);
    expect(sink.messages.map((m) => m.to).sort()).toEqual(['ivy@example.com', 'max@example.com']);
  });

  it('engagement: who opened or clicked a campaign (as a person), and who never opened, asked of the mailer', async () => {
    const people = ['oli@example.com', 'pat@example.com', 'quin@example.com'];
    for (const email of people)
      await knex
        .withSchema('crm')
        .table('contacts')
        .insert({ email, tags: ['engaged-test'], source: 'manual_entry' });
    const tagged = { field: 'tag', op: 'has', tag: 'engaged-test' };
    sink.messages.length = 0;
    const { campaignId } = await call<{ campaignId: number }>(
      '/api/marketing/single-send',
      {
        body: {
          fromName: 'Lake Powell Lots',
          fromEmail: site.email,
          recipients: people,
          subject: 'Lot 12',
          content: '<p>Hi <a href="https://lakepowelllots.com/lots/12">lot 12</a></p>',
        },
      },
      202,
    );
    await eventually(async () => (sink.messages.length === 3 ? true : undefined), 20_000, 'three messages');
    // Sent an hour ago: an open now is a person's, not a prefetch on delivery.
    await knex
      .withSchema('mailer')
      .table('deliveries')
      .where({ campaign_id: campaignId })
      .update({ sent_at: knex.raw("sent_at - interval '1 hour'") });
    const html = (to: string) => String(sink.messages.find((m) => m.to === to)!.parsed.html);
    const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, stack.baseUrl);
    const browser = { headers: { 'user-agent': 'Mozilla/5.0 (Macintosh) Chrome/130' } };
    // Oli opens it; Pat opens it and follows the link; Quin does nothing.
    await fetch(local(/src="([^"]*\/e\/o\/[^"]+)"/.exec(html('oli@example.com'))![1]!), browser);
    await fetch(local(/src="([^"]*\/e\/o\/[^"]+)"/.exec(html('pat@example.com'))![1]!), browser);
    await fetch(local(/href="([^"]*\/e\/c\/[^"]+)"/.exec(html('pat@example.com'))![1]!.replace(/&amp;/g, '&')), {
      ...browser,
      redirect: 'manual',
    });
    const count = async (condition: object) =>
      (
        await call<{ count: number }>('/api/marketing/segments/count', {
          method: 'POST',
          body: { filter: { conditions: [tagged, condition] } },
        })
      ).count;
    await eventually(
      async () => ((await count({ field: 'engagement', op: 'clicked', campaignId })) === 1 ? true : undefined),
      10_000,
      'the click to be counted',
    );
    expect(await count({ field: 'engagement', op: 'opened', campaignId })).toBe(2);
    expect(await count({ field: 'engagement', op: 'opened', days: 1 })).toBe(2);
    expect(await count({ field: 'engagement', op: 'never_opened' })).toBe(1);
    expect(await count({ field: 'engagement', op: 'opened', campaignId: campaignId + 1000 })).toBe(0);
  });

  it('first-touch campaign and lots viewed (asked of analytics), lots available (of the inventory), lots asked about', async () => {
    const rows = async (table: string) => Number(((await knex(table).count())[0] as { count: string | number }).count);
    await knex.withSchema('inventory').table('lots').where({ number: 3 }).update({ status: 'available' });
    await knex.withSchema('inventory').table('lots').where({ number: 5 }).update({ status: 'sold' });
    const pixel = async (params: Record<string, string>) => {
      const res = await fetch(`${stack.baseUrl}/api/analytics/pixel?${new URLSearchParams(params)}`, {
        headers: { 'user-agent': CHROME_UA },
      });
      expect(res.headers.get('x-pixel-dropped')).toBeNull();
    };
    // Ria came first from the spring campaign and looked at lots 3 (available) and 5 (sold);
    // Sam came first from the newsletter and looked at lot 5 only.
    const ria = crypto.randomUUID();
    const sam = crypto.randomUUID();
    await pixel({ p: '/', sid: ria, utm_source: 'facebook', utm_campaign: 'Spring-Sale' });
    await pixel({ p: '/lots/3', sid: ria });
    await pixel({ p: '/lots/5/', sid: ria });
    await pixel({ p: '/', sid: sam, utm_source: 'newsletter', utm_campaign: 'newsletter' });
    await pixel({ p: '/lots/5', sid: sam });
    await eventually(
      async () => ((await rows('analytics.page_views')) >= 5 ? true : undefined),
      15_000,
      'the hits stored',
    );
    const lead = async (email: string, extra: Record<string, unknown>) => {
      const res = await stack.api('/api/contact', {
        body: { ...SAMPLE_SUBMISSION, email, ...extra },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      });
      expect(res.status).toBe(201);
    };
    // Ria's form from her session; Sam's names lot 5; Tom (never tracked) asks about lot 3.
    await lead('ria@example.com', { sessionId: ria });
    await lead('sam@example.com', { sessionId: sam, lotNumber: 5 });
    await lead('tom@example.com', { lotNumber: 3 });
    await eventually(
      async () =>
        (await rows('crm.form_submissions')) >= 3 && (await rows('analytics.submissions')) >= 3 ? true : undefined,
      15_000,
      'the submissions stored by crm and analytics',
    );
    // Uma has no submission at all.
    for (const email of ['RIA@example.com', 'sam@example.com', 'tom@example.com', 'uma@example.com'])
      await knex
        .withSchema('crm')
        .table('contacts')
        .insert({ email, tags: ['visit-test'], source: 'manual_entry' });
    const tagged = { field: 'tag', op: 'has', tag: 'visit-test' };
    const count1 = async (condition: object) =>
      (
        await call<{ count: number }>('/api/marketing/segments/count', {
          method: 'POST',
          body: { filter: { conditions: [tagged, condition] } },
        })
      ).count;
    await eventually(
      async () => ((await count1({ field: 'lot', op: 'viewed', lotNumber: 5 })) === 2 ? true : undefined),
      15_000,
      'the visits of both sessions',
    );
    expect(await count1({ field: 'first_touch', op: 'is', value: 'spring-sale' })).toBe(1);
    // Sam, Tom (untracked) and Uma (no form).
    expect(await count1({ field: 'first_touch', op: 'is_not', value: 'Spring-Sale' })).toBe(3);
    expect(await count1({ field: 'lot', op: 'viewed', lotNumber: 3 })).toBe(1);
    expect(await count1({ field: 'lot', op: 'viewed', lotNumber: 9 })).toBe(0);
    // Lot 3 is the only one of the two available: Ria.
    expect(await count1({ field: 'lot', op: 'viewed_available' })).toBe(1);
    await knex.withSchema('inventory').table('lots').where({ number: 5 }).update({ status: 'available' });
    expect(await count1({ field: 'lot', op: 'viewed_available' })).toBe(2);
    expect(await count1({ field: 'lot', op: 'asked_about', lotNumber: 3 })).toBe(1);
    expect(await count1({ field: 'lot', op: 'asked_about', lotNumber: 5 })).toBe(1);
    // A segment of them is saved and counted like any other; a lot number out of range is named.
    const saved = await call<Segment>(
      '/api/marketing/segments',
      {
        body: {
          name: 'Looked at lot 5',
          filter: { match: 'all', conditions: [tagged, { field: 'lot', op: 'viewed', lotNumber: 5 }] },
        },
      },
      201,
    );
    expect(await call(`/api/marketing/segments/${saved.id}/count`)).toEqual({ count: 2 });
    const refused = await call<Envelope>(
      '/api/marketing/segments/count',
      { method: 'POST', body: { filter: { conditions: [{ field: 'lot', op: 'viewed', lotNumber: 10000 }] } } },
      400,
    );
    expect(refused.error.details?.fields).toEqual({ 'filter.conditions.0.lotNumber': ['Lot numbers go up to 9999'] });
  });
});

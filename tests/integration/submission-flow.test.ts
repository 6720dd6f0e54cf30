/**
 * The first flow, across the real boundaries: a visitor's form submission goes HTTP → gateway →
 * bus (JetStream or embedded) → crm consumer → Postgres, and back out to signed-in staff.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SUBMISSION_SOURCES, type FormSubmission } from '@lp/contracts';
import { describeOnEachBackend, eventually, startStack, type Stack } from '../support/stack.ts';
import { SAMPLE_SUBMISSION } from '../support/samples.ts';

const submission = SAMPLE_SUBMISSION;

/** A port nothing listens on right now, for the gateway's internal health port. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

describeOnEachBackend('form submission flow', (backend) => {
  let stack: Stack;
  let token: string;
  let healthPort: number;
  beforeAll(async () => {
    healthPort = await freePort();
    stack = await startStack({ backend, env: { HEALTH_PORT: String(healthPort), SPAM_MIN_FILL_MS: '300' } });
    token = await stack.login();
  });
  afterAll(() => stack?.stop());

  const submissions = async () => {
    const res = await stack.api('/api/marketing/submissions', { token });
    expect(res.status).toBe(200);
    return (await res.json()) as FormSubmission[];
  };
  const counter = (name: string, labels: Record<string, string> = {}) => stack.platform.counters.get(name, labels);
  /** Submissions the gateway handed to the bus so far (new or de-duplicated there), from any form. */
  const published = () =>
    SUBMISSION_SOURCES.flatMap((source) => ['false', 'true'].map((duplicate) => ({ source, duplicate }))).reduce(
      (n, labels) => n + counter('gateway_submissions_accepted_total', labels),
      0,
    );

  it('stores a submission answered 201 and shows it to staff, newest first', async () => {
    const first = await stack.api('/api/contact', {
      body: submission,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(first.status).toBe(201);
    const second = await stack.api('/api/contact', {
      body: {
        ...submission,
        firstName: 'Jon',
        email: 'jon@example.com',
        source: 'builder-package-1',
        topic: 'Builder Package Interest',
      },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(second.status).toBe(201);
    const list = await eventually(async () => {
      const l = await submissions();
      return l.length >= 2 ? l : undefined;
    });
    expect(list.map((s) => s.firstName)).toEqual(['Jon', 'Maria']);
    expect(list[1]).toMatchObject({
      lastName: 'Benally',
      email: 'maria@example.com',
      phone: '(928) 555-0101',
      interest: 'Available Lots',
      message: 'Is lot 12 still available?',
      source: 'home',
    });
    expect(list[0]).toMatchObject({ source: 'builder-package-1', topic: 'Builder Package Interest' });
  });

  it('makes a retried submission with the same idempotency key one submission', async () => {
    const before = (await submissions()).length;
    const accepted = (duplicate: string) =>
      counter('gateway_submissions_accepted_total', { source: 'home', duplicate });
    const [newBefore, duplicatesBefore] = [accepted('false'), accepted('true')];
    const storedBefore = counter('crm_submissions_stored_total', { source: 'home' });
    const key = crypto.randomUUID();
    const body = { ...submission, email: 'retry@example.com' };
    const answers = await Promise.all(
      [1, 2, 3].map(() => stack.api('/api/contact', { body, headers: { 'Idempotency-Key': key } })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const ids = await Promise.all(answers.map(async (a) => ((await a.json()) as { id: string }).id));
    expect(new Set(ids).size).toBe(1);
    // The bus kept one message and discarded the two copies, so no second row can arrive later.
    expect([accepted('false') - newBefore, accepted('true') - duplicatesBefore]).toEqual([1, 2]);
    await eventually(async () => ((await submissions()).length === before + 1 ? true : undefined));
    expect(counter('crm_submissions_stored_total', { source: 'home' }) - storedBefore).toBe(1);
    expect((await submissions()).filter((s) => s.email === 'retry@example.com')).toHaveLength(1);
  });

  it("answers invalid input 400 with the spec's messages beside each field, and stores nothing", async () => {
    const before = (await submissions()).length;
    const publishedBefore = published();
    const res = await stack.api('/api/contact', {
      body: {
        firstName: '',
        lastName: 'X',
        phone: '123',
        email: 'nope',
        source: 'contact-page',
        website: '',
        elapsedMs: 5000,
      },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { fields: Record<string, string[]> } } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details.fields).toEqual({
      firstName: ['First name is required'],
      phone: ['Valid phone number is required'],
      email: ['Valid email is required'],
      interest: ['Please select an interest'],
      message: ['Message is required'],
    });
    expect((await stack.api('/api/contact', { body: 'not json' })).status).toBe(400);
    const notJson = await fetch(`${stack.baseUrl}/api/contact`, {
      method: 'POST',
      body: '{"firstName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()) as object).toHaveProperty('error.code');
    // Nothing reached the bus, so nothing can be stored later.
    expect(published()).toBe(publishedBefore);
    expect((await submissions()).length).toBe(before);
  });

  it('answers bots like a success but never stores them', async () => {
    const before = (await submissions()).length;
    const publishedBefore = published();
    const honeypot = await stack.api('/api/contact', {
      body: { ...submission, email: 'bot1@example.com', website: 'http://spam' },
    });
    const tooFast = await stack.api('/api/contact', {
      body: { ...submission, email: 'bot3@example.com', elapsedMs: 50 },
    });
    expect([honeypot.status, tooFast.status]).toEqual([201, 201]);
    expect(published()).toBe(publishedBefore); // answered, never sent on: nothing can be stored later
    expect((await submissions()).length).toBe(before);
    expect(stack.platform.counters.get('gateway_submissions_dropped_total', { reason: 'honeypot' })).toBe(1);
    expect(stack.platform.counters.get('gateway_submissions_dropped_total', { reason: 'too_fast' })).toBe(1);
  });

  it('stores a submission that carries no screening signals (the spec payload, sent by a script)', async () => {
    const { website: _w, elapsedMs: _e, ...plain } = submission;
    const res = await stack.api('/api/contact', { body: { ...plain, email: 'script@example.com' } });
    expect(res.status).toBe(201);
    await expect.poll(async () => (await submissions()).some((s) => s.email === 'script@example.com')).toBe(true);
  });

  it('counts contacts, campaigns, lists and form submissions from the owning services', async () => {
    const res = await stack.api('/api/marketing/stats', { token });
    expect(res.status).toBe(200);
    const stored = (await submissions()).length;
    const none = { contacts: null, campaigns: null, lists: null, submissions: null };
    expect(await res.json()).toEqual({
      totalContacts: 0,
      totalCampaigns: 0,
      totalLists: 0,
      totalSubmissions: stored,
      changes: none,
    });
    // A list from before this month and one from now: the Lists card shows +100% from last month.
    const knex = stack.platform.db.knex;
    await knex
      .withSchema('crm')
      .table('lists')
      .insert({ name: 'Builders', created_at: knex.raw("now() - interval '40 days'") });
    await knex.withSchema('crm').table('lists').insert({ name: 'Buyers' });
    await knex.withSchema('mailer').table('campaigns').insert({ name: 'Spring lots' });
    expect(await (await stack.api('/api/marketing/stats', { token })).json()).toEqual({
      totalContacts: 0,
      totalCampaigns: 1,
      totalLists: 2,
      totalSubmissions: stored,
      changes: { ...none, lists: 100 },
    });
  });

  it('reports ready only while the bus and the database answer', async () => {
    const res = await stack.api('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', checks: { bus: 'ok', database: 'ok' } });
    expect((await stack.api('/healthz')).status).toBe(200);
  });

  it('shows its counters on the internal health port only, never to visitors', async () => {
    const internal = await fetch(`http://127.0.0.1:${healthPort}/metrics`);
    expect(internal.status).toBe(200);
    expect(await internal.text()).toMatch(/^gateway_submissions_accepted_total\{/m);
    expect((await fetch(`http://127.0.0.1:${healthPort}/readyz`)).status).toBe(200);
    const pub = await stack.api('/metrics');
    expect(pub.status).toBe(404);
    expect(await pub.text()).not.toContain('gateway_submissions');
  });
});

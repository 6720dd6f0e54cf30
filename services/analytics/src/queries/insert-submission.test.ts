/**
 * analytics' own copy of the form submissions (PGlite with the service's migrations): each
 * submission is stored once — a redelivered event, or one re-sent under a new event id with the
 * same idempotency key, stores nothing new — and the leads are read back from it, those without a
 * session id apart (untracked), so leads by source needs nothing from crm.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMeta, periodOf } from '@lp/contracts';
import type { Database } from '@lp/runtime';
import { openAnalyticsTestDb, pageView, submissionEvent } from '../testing/analytics-test-db.ts';
import { recordPageViews } from '../visits/record-hits.ts';
import { insertSubmission } from './insert-submission.ts';
import { readLeadsBySource } from './read-leads-by-source.ts';
import { readLatestLeadPerSession, readLeadsSince } from './read-stored-leads.ts';

const phx = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00-07:00`).toISOString();
const NOW = new Date('2026-11-25T20:00:00-07:00');

const submitted = submissionEvent;

describe("analytics' copy of the form submissions", () => {
  let db: Database;
  const count = async () => Number((await db.knex('analytics.submissions').count({ n: '*' }))[0]!.n);

  beforeAll(async () => {
    db = await openAnalyticsTestDb();
  }, 60_000);
  afterAll(() => db?.close());

  it('stores each submission once: a redelivery or a re-send stores nothing new', async () => {
    const event = submitted('visitor', phx('10:00'));
    expect(await insertSubmission(db.knex, event)).toEqual({ inserted: true });
    expect(await insertSubmission(db.knex, event)).toEqual({ inserted: false });
    // The same form re-sent (same idempotency key) under another event id.
    const resent = { ...event, id: crypto.randomUUID() };
    expect(await insertSubmission(db.knex, resent)).toEqual({ inserted: false });
    expect(await count()).toBe(1);
    const rows = await db.knex('analytics.submissions').select('event_id', 'session_id', 'submitted_at');
    expect(rows).toEqual([{ event_id: event.id, session_id: 'visitor', submitted_at: new Date(phx('10:00')) }]);
  });

  it('reads tracked leads and untracked submission times since a time, and counts the untracked as unattributed', async () => {
    await recordPageViews(db.knex, { ...eventMeta(), hits: [pageView('visitor', phx('09:55'))] });
    await insertSubmission(db.knex, submitted(null, phx('11:00')));
    // Before the range: read, then left out by the range's days.
    await insertSubmission(db.knex, submitted(null, '2026-10-01T12:00:00Z'));

    const stored = await readLeadsSince(db.knex, new Date('2026-11-16T00:00:00Z'));
    expect(stored).toEqual({
      leads: [{ sessionId: 'visitor', submittedAt: phx('10:00') }],
      untracked: [phx('11:00')],
    });
    const r = await readLeadsBySource(
      db.knex,
      periodOf({ days: 7 }, NOW, 'America/Phoenix'),
      stored.leads,
      'America/Phoenix',
      stored.untracked,
    );
    expect(r.sources).toEqual([{ value: '', leads: 1, visits: 1, convertingVisits: 1, conversionRate: 100 }]);
    expect(r.unattributed).toBe(1);
  });

  it('gives one lead per tracked session for attribution: its earliest of the latest submissions', async () => {
    await insertSubmission(db.knex, submitted('visitor', phx('12:00')));
    await insertSubmission(db.knex, submitted('other', phx('13:00')));
    expect(await readLatestLeadPerSession(db.knex, 100)).toEqual([
      { sessionId: 'other', submittedAt: phx('13:00') },
      { sessionId: 'visitor', submittedAt: phx('10:00') },
    ]);
    // Only the latest two submissions: the visitor's earliest among them is 12:00.
    expect(await readLatestLeadPerSession(db.knex, 2)).toEqual([
      { sessionId: 'other', submittedAt: phx('13:00') },
      { sessionId: 'visitor', submittedAt: phx('12:00') },
    ]);
  });
});

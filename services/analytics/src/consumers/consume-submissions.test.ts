/**
 * The submissions consumer through the embedded bus on PGlite with analytics' migrations: each
 * submission is stored once (the same event delivered again, under another message id, stores
 * nothing new), and an event crm parks (failing its schema, or one the database refuses) is
 * skipped and counted, never stored as a lead nor parked a second time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DURABLES, STREAMS, SUBJECTS } from '@lp/contracts';
import {
  Counters,
  createLogger,
  MemoryBus,
  parseConfig,
  RuntimeConfigSchema,
  type ConsumerHandle,
  type Database,
} from '@lp/runtime';
import { openAnalyticsTestDb, submissionEvent } from '../testing/analytics-test-db.ts';
import { consumeSubmissions } from './consume-submissions.ts';

const submitted = (sessionId: string | null) => submissionEvent(sessionId);

describe('consumeSubmissions', () => {
  let db: Database;
  let bus: MemoryBus;
  let consumer: ConsumerHandle;
  const counters = new Counters();
  const durable = DURABLES.analyticsSubmissions;

  const drained = async () => {
    for (let i = 0; i < 200; i++) {
      if ((await bus.pendingMessages(durable)) === 0) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('the consumer did not drain');
  };
  const rows = () => db.knex('analytics.submissions').select('event_id', 'session_id').orderBy('submitted_at');

  beforeAll(async () => {
    db = await openAnalyticsTestDb();
    bus = new MemoryBus();
    await bus.ensureTopology({ streams: [STREAMS.crm], durables: [durable] });
    consumer = await consumeSubmissions.start({
      bus,
      knex: db.knex,
      log: createLogger('analytics', 'silent'),
      counters,
      config: parseConfig(RuntimeConfigSchema, {}),
      settings: {},
    });
  }, 60_000);
  afterAll(async () => {
    await consumer?.stop();
    await bus?.close();
    await db?.close();
  });

  it('stores each submission once: a redelivered event stores nothing new', async () => {
    const tracked = submitted('visitor');
    const untracked = submitted(null);
    await bus.publish(SUBJECTS.submissionReceived, tracked, { msgId: tracked.id });
    await bus.publish(SUBJECTS.submissionReceived, untracked, { msgId: untracked.id });
    // The same event again, past the bus's de-duplication: the consumer sees it a second time.
    await bus.publish(SUBJECTS.submissionReceived, tracked, { msgId: crypto.randomUUID() });
    await drained();
    expect(await rows()).toEqual([
      { event_id: tracked.id, session_id: 'visitor' },
      { event_id: untracked.id, session_id: null },
    ]);
    expect(counters.get('bus_messages_handled_total', { durable: durable.name })).toBe(3);
  });

  it('skips and counts what crm parks, without storing or parking it', async () => {
    const before = await rows();
    const bad = submitted(null);
    await bus.publish(
      SUBJECTS.submissionReceived,
      { ...bad, submission: { ...bad.submission, firstName: 'A\u0000n' } },
      { msgId: bad.id },
    );
    // Year 0 passes the ISO check but is outside PostgreSQL's range: a data exception (22008).
    const old = submitted(null);
    await bus.publish(SUBJECTS.submissionReceived, { ...old, occurredAt: '0000-01-01T00:00:00Z' }, { msgId: old.id });
    await drained();
    expect(await rows()).toEqual(before);
    const labels = (reason: string) => ({ durable: durable.name, reason });
    expect(counters.get('bus_messages_skipped_total', labels('invalid'))).toBe(1);
    expect(counters.get('bus_messages_skipped_total', labels('permanent'))).toBe(1);
    expect(counters.get('bus_dead_letters_total', labels('invalid'))).toBe(0);
    expect(counters.get('bus_dead_letters_total', labels('permanent'))).toBe(0);
  });
});

/**
 * Poison messages end as dead letters staff can see and replay: a form submission event that fails its
 * schema, and one PostgreSQL can never store (a data exception), are parked with their reason
 * and counted, listed newest first a page at a time, and replayed once (409 the second time).
 */
import { expect, it } from 'vitest';
import {
  DEAD_LETTER_PAYLOAD_PREVIEW_BYTES,
  DeadLetterPageSchema,
  DeadLetterReplayedSchema,
  DURABLES,
  eventMeta,
  SUBJECTS,
  type DeadLetter,
  type DeadLetterPage,
  type FormSubmission,
} from '@lp/contracts';
import * as v from 'valibot';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { useStack } from '../support/fixtures.ts';

const submission = {
  firstName: 'Ann',
  lastName: 'Lee',
  phone: '9285550100',
  email: 'ann@example.com',
  interest: null,
  message: 'About lot 12',
  source: 'home',
  topic: null,
  page: null,
  sessionId: null,
};
const durable = DURABLES.crmSubmissions.name;

describeOnEachBackend('dead letters', (backend) => {
  let token: string;
  const stack = useStack({ backend, setup: async (s) => (token = await s.login()) });

  const list = async (query = ''): Promise<DeadLetterPage> => {
    const res = await stack.api(`/api/marketing/ops/dead-letters${query}`, { token });
    expect(res.status).toBe(200);
    return v.parse(DeadLetterPageSchema, await res.json());
  };
  const parkedCount = (reason: string) => stack.platform.counters.get('bus_dead_letters_total', { durable, reason });
  const publish = (event: unknown, msgId: string) =>
    stack.platform.bus.publish(SUBJECTS.submissionReceived, event, { msgId, headers: { 'x-request-id': 'req-dl' } });

  let invalid: DeadLetter;
  let permanent: DeadLetter;

  it('parks an event failing its schema and one the database refuses, counts them, lists them newest first', async () => {
    const badId = crypto.randomUUID();
    await publish(
      { ...eventMeta(badId), idempotencyKey: 'dl-key-1', submission: { ...submission, firstName: 'A\u0000n' } },
      badId,
    );
    await eventually(async () => (parkedCount('invalid') === 1 ? true : undefined), 10_000, 'invalid parked');
    // Year 0 passes the ISO check but is outside PostgreSQL's range: a data exception (22008).
    const oldId = crypto.randomUUID();
    await publish(
      { ...eventMeta(oldId), occurredAt: '0000-01-01T00:00:00Z', idempotencyKey: 'dl-key-2', submission },
      oldId,
    );
    await eventually(async () => (parkedCount('permanent') === 1 ? true : undefined), 10_000, 'permanent parked');

    const page = await list();
    expect(page.items.map((d) => d.reason)).toEqual(['permanent', 'invalid']);
    [permanent, invalid] = page.items as [DeadLetter, DeadLetter];
    expect(invalid).toMatchObject({
      stream: DURABLES.crmSubmissions.stream,
      subject: SUBJECTS.submissionReceived,
      msgId: badId,
      durable,
      replayedAt: null,
    });
    expect(invalid.headers['x-request-id']).toBe('req-dl');
    expect((JSON.parse(invalid.payload) as { id: string }).id).toBe(badId);
    expect(permanent.detail).toMatch(/22008/);

    // Neither became a stored submission, and neither comes back.
    const subs = (await (await stack.api('/api/marketing/submissions', { token })).json()) as FormSubmission[];
    expect(subs).toEqual([]);
  });

  it('pages with limit and cursor', async () => {
    const first = await list('?limit=1');
    expect(first.items.map((d) => d.id)).toEqual([permanent.id]);
    expect(first.nextCursor).toBe(permanent.id);
    const second = await list(`?limit=1&cursor=${first.nextCursor}`);
    expect(second.items.map((d) => d.id)).toEqual([invalid.id]);
    expect(second.nextCursor).toBeNull();
    const bad = await stack.api('/api/marketing/ops/dead-letters?limit=0', { token });
    expect(bad.status).toBe(400);
  });

  it('replays one with a fresh message id, once; an unknown id is 404', async () => {
    const res = await stack.api(`/api/marketing/ops/dead-letters/${invalid.id}/replay`, { method: 'POST', token });
    expect(res.status).toBe(200);
    const replayed = v.parse(DeadLetterReplayedSchema, await res.json());
    expect(replayed.subject).toBe(SUBJECTS.submissionReceived);
    expect(replayed.msgId).not.toBe(invalid.msgId);

    // Re-published: still invalid, so it is parked again, pointing at the letter it replays.
    await eventually(async () => (parkedCount('invalid') === 2 ? true : undefined), 10_000, 'replay parked');
    const page = await list();
    const again = page.items[0]!;
    expect(again.msgId).toBe(replayed.msgId);
    expect(again.headers['Lp-Replay-Of']).toBe(invalid.id);
    expect(again.payload).toBe(invalid.payload);
    const original = page.items.find((d) => d.id === invalid.id)!;
    expect(original.replayedAt).not.toBeNull();
    expect(original.replayMsgId).toBe(replayed.msgId);

    const twice = await stack.api(`/api/marketing/ops/dead-letters/${invalid.id}/replay`, { method: 'POST', token });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { error: { code: string } }).error.code).toBe('conflict');
    // Two replays at the same moment: one publishes, the other is told it was replayed.
    const both = await Promise.all(
      [1, 2].map(() => stack.api(`/api/marketing/ops/dead-letters/${permanent.id}/replay`, { method: 'POST', token })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    for (const id of ['987654321', 'abc', '99999999999999999999']) {
      const missing = await stack.api(`/api/marketing/ops/dead-letters/${id}/replay`, { method: 'POST', token });
      expect(missing.status, id).toBe(404);
    }
  });

  it('is for signed-in staff only', async () => {
    expect((await stack.api('/api/marketing/ops/dead-letters')).status).toBe(401);
    const res = await stack.api(`/api/marketing/ops/dead-letters/${permanent.id}/replay`, { method: 'POST' });
    expect(res.status).toBe(401);
  });

  it('shows the first 16 KiB of a large payload in the list and replays all of it', async () => {
    const id = crypto.randomUUID();
    const message = `\u0000${'x'.repeat(40_000)}`;
    await publish({ ...eventMeta(id), idempotencyKey: 'dl-key-3', submission: { ...submission, message } }, id);
    await eventually(async () => (parkedCount('invalid') === 3 ? true : undefined), 10_000, 'large parked');
    const big = (await list('?limit=1')).items[0]!;
    expect(big.msgId).toBe(id);
    expect(big.payloadBytes).toBeGreaterThan(40_000);
    expect(Buffer.byteLength(big.payload)).toBe(DEAD_LETTER_PAYLOAD_PREVIEW_BYTES);
    const res = await stack.api(`/api/marketing/ops/dead-letters/${big.id}/replay`, { method: 'POST', token });
    expect(res.status).toBe(200);
    await eventually(async () => (parkedCount('invalid') === 4 ? true : undefined), 10_000, 'replay parked');
    expect((await list('?limit=1')).items[0]!.payloadBytes).toBe(big.payloadBytes);
  });
});

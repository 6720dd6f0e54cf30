/**
 * When the bus cannot store a form submission, the visitor is told so (503) instead of a false
 * success; once it is back, the retry with the same idempotency key makes exactly one submission.
 */
import { describe, expect, it } from 'vitest';
import type { FormSubmission } from '@lp/contracts';
import { eventually, startStack } from '../support/stack.ts';
import { describeWithCuttableNats } from '../support/nats-outage.ts';

const submission = {
  firstName: 'Dana',
  lastName: 'Yazzie',
  phone: '9285550177',
  email: 'dana@example.com',
  source: 'market',
  website: '',
  elapsedMs: 5000,
};

describeWithCuttableNats('form submission while NATS is unreachable', ({ proxy, startStackViaProxy }) => {
  it('answers 503 with a clear message, then accepts the retry once NATS is back', async () => {
    const stack = await startStackViaProxy();
    const token = await stack.login();
    const key = crypto.randomUUID();

    await proxy.down();
    const during = await stack.api('/api/contact', { body: submission, headers: { 'Idempotency-Key': key } });
    expect(during.status).toBe(503);
    const err = (await during.json()) as { error: { code: string; message: string } };
    expect(err.error.code).toBe('unavailable');
    expect(err.error.message).toMatch(/could not send your message/i);
    expect((await stack.api('/readyz')).status).toBe(503);

    await proxy.up();
    const after = await eventually(
      async () => {
        const r = await stack.api('/api/contact', { body: submission, headers: { 'Idempotency-Key': key } });
        return r.status === 201 ? r : undefined;
      },
      20_000,
      'the bus to come back',
    );
    expect(after.status).toBe(201);
    const list = await eventually(async () => {
      const r = await stack.api('/api/marketing/submissions', { token });
      if (r.status !== 200) return undefined;
      const l = (await r.json()) as FormSubmission[];
      return l.length > 0 ? l : undefined;
    });
    expect(list.length).toBe(1);
    // One more copy (a late retry, or the outage's publish flushed on reconnect) is discarded by the
    // bus's de-duplication, which the gateway counts, so no second row can arrive.
    const duplicates = () =>
      stack.platform.counters.get('gateway_submissions_accepted_total', { source: 'market', duplicate: 'true' });
    const duplicatesBefore = duplicates();
    const late = await stack.api('/api/contact', { body: submission, headers: { 'Idempotency-Key': key } });
    expect(late.status).toBe(201);
    expect(duplicates()).toBe(duplicatesBefore + 1);
    const again = (await (await stack.api('/api/marketing/submissions', { token })).json()) as FormSubmission[];
    expect(again.filter((s) => s.email === 'dana@example.com')).toHaveLength(1);
  });
});

describe('form submission while the embedded bus cannot store', () => {
  it('answers 503, never a false success', async () => {
    const stack = await startStack({ backend: 'embedded' });
    try {
      await stack.platform.bus.close();
      const res = await stack.api('/api/contact', {
        body: submission,
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unavailable');
    } finally {
      await stack.stop();
    }
  });
});

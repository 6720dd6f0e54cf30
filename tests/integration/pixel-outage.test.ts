/**
 * Pixel hits answered while NATS is unreachable are kept by the gateway (within the backlog
 * bound) for longer than its old retry budget, and every one of them is stored once NATS is
 * back: nothing answered is lost to an outage.
 */
import { expect, it } from 'vitest';
import { eventually } from '../support/stack.ts';
import { describeWithCuttableNats } from '../support/nats-outage.ts';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describeWithCuttableNats('pixel hits while NATS is unreachable', ({ proxy, startStackViaProxy }) => {
  it('keeps the answered hits through the outage and stores them all when NATS returns', async () => {
    const stack = await startStackViaProxy();
    const counters = stack.platform.counters;
    const sid = `outage-${crypto.randomUUID().slice(0, 8)}`;
    await proxy.down();

    const paths = Array.from({ length: 12 }, (_, i) => `/page-${i}`);
    for (const p of paths) {
      const res = await fetch(`${stack.baseUrl}/api/analytics/pixel?${new URLSearchParams({ p, sid })}`, {
        headers: { 'user-agent': CHROME },
      });
      expect(res.status).toBe(200);
    }
    // More failed publishes than the old budget (one try and three retries, ~2.6 s) allowed.
    await eventually(
      async () => (counters.get('gateway_hit_batch_retries_total', { kind: 'pageview' }) >= 4 ? true : undefined),
      60_000,
      'publishes to fail past the old retry budget',
    );
    expect(counters.get('gateway_hits_dropped_total', { reason: 'publish_failed' })).toBe(0);

    await proxy.up();
    const stored = await eventually(
      async () => {
        const rows: { path: string }[] = await stack.platform.db.knex
          .withSchema('analytics')
          .table('page_views')
          .where({ session_id: sid })
          .select('path');
        return rows.length === paths.length ? rows : undefined;
      },
      60_000,
      'every hit to be stored',
    );
    expect(stored.map((r) => r.path).sort()).toEqual([...paths].sort());
    expect(counters.get('gateway_hits_dropped_total', { reason: 'publish_failed' })).toBe(0);
  }, 150_000);
});

/**
 * Pixel hits answered while NATS is unreachable are kept by the gateway (within the backlog
 * bound) for longer than its old retry budget, and every one of them is stored once NATS is
 * back: nothing answered is lost to an outage.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { CuttableProxy } from '../support/cuttable-proxy.ts';
import { eventually, startStack, type Stack } from '../support/stack.ts';

const real = inject('realBackends');
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('pixel hits while NATS is unreachable', () => {
  if ('unavailable' in real) {
    it.skip(`skipped: ${real.unavailable}`, () => {});
    return;
  }
  const natsUrl = new URL(real.natsUrl);
  const proxy = new CuttableProxy({ host: natsUrl.hostname, port: Number(natsUrl.port || 4222) });
  let stack: Stack;
  afterAll(async () => {
    await proxy.up().catch(() => {});
    await stack?.stop();
    await proxy.down();
  });

  it('keeps the answered hits through the outage and stores them all when NATS returns', async () => {
    await proxy.up();
    stack = await startStack({
      backend: 'real',
      realBackends: { databaseUrl: real.databaseUrl, natsUrl: `nats://127.0.0.1:${proxy.port}` },
    });
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

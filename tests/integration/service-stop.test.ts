/**
 * SIGTERM to a service behind on its work: `analytics` started as its own process, the way
 * `pnpm service analytics` starts it, on the run's PostgreSQL (a database of its own) and NATS (a
 * namespace of its own), with a backlog of full pixel batches (1,000 hits each). Stopped
 * mid-backlog it exits 0 within 10 s; a second process then stores the rest, and every hit is
 * stored exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ANALYTICS_BATCH_MAX_HITS, DURABLES, eventMeta, STREAMS, SUBJECTS } from '@lp/contracts';
import { connectNatsBus } from '@lp/runtime';
import { pnpmServiceArgs, productProcessEnv } from '../support/product-command.ts';
import { deleteNamespace, eventually, realDatabase } from '../support/stack.ts';
import { pageviewHit } from '../support/samples.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const real = inject('realBackends');
const describeReal = 'unavailable' in real ? describe.skip : describe;
const BATCHES = 150;

describeReal('SIGTERM to a service behind on its work (a separate process)', () => {
  const ns = `stop${randomBytes(4).toString('hex')}`;
  let db: Awaited<ReturnType<typeof realDatabase>>;
  let client: pg.Client;
  let env: Record<string, string>;
  const children: ChildProcess[] = [];

  const startAnalytics = () => {
    const child = spawn('node', pnpmServiceArgs('analytics'), {
      cwd: ROOT,
      env: { ...env, HEALTH_PORT: '0' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    return { child, exit };
  };
  const storedHits = async () => {
    const r = await client
      .query<{ n: string; distinct: string }>(
        'select count(*) as n, count(distinct (event_id, hit_index)) as distinct from analytics.page_views',
      )
      .catch(() => undefined);
    return r ? { n: Number(r.rows[0]!.n), distinct: Number(r.rows[0]!.distinct) } : { n: 0, distinct: 0 };
  };

  beforeAll(async () => {
    if ('unavailable' in real) return;
    db = await realDatabase(real.databaseUrl);
    env = productProcessEnv(
      { NATS_URL: real.natsUrl, BUS_NAMESPACE: ns, DATABASE_URL: db.url },
      { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', DB_POOL_MAX: '4' },
    );
    const bus = await connectNatsBus({ url: real.natsUrl, name: 'service-stop', namespace: ns });
    await bus.ensureTopology({ streams: [STREAMS.analytics], durables: [DURABLES.analyticsPageviews] });
    const at = new Date().toISOString();
    for (let b = 0; b < BATCHES; b++) {
      const hits = Array.from({ length: ANALYTICS_BATCH_MAX_HITS }, (_, h) =>
        pageviewHit({ at, path: `/lots/${h % 40}`, sessionId: `s${b}-${h % 50}` }),
      );
      const meta = eventMeta();
      await bus.publish(SUBJECTS.pageviewsRecorded, { ...meta, hits }, { msgId: meta.id });
    }
    await bus.close();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  }, 120_000);

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await client?.end().catch(() => {});
    await db?.drop().catch(() => {});
    if (!('unavailable' in real)) await deleteNamespace(real.natsUrl, ns).catch(() => {});
  });

  it(`exits 0 within 10 s with pixel batches pending; the next process stores every hit once`, async () => {
    const first = startAnalytics();
    await eventually(
      async () => ((await storedHits()).n >= ANALYTICS_BATCH_MAX_HITS ? true : undefined),
      60_000,
      'the first batches stored',
    );
    const startedAt = Date.now();
    first.child.kill('SIGTERM');
    const code = await Promise.race([first.exit, new Promise((r) => setTimeout(() => r('still running'), 10_000))]);
    const tookMs = Date.now() - startedAt;
    const atStop = await storedHits();
    console.log(`[service-stop] SIGTERM analytics: exit ${String(code)} after ${tookMs} ms, ${atStop.n} hits stored`);
    expect(code).toBe(0);
    expect(atStop.n).toBeLessThan(BATCHES * ANALYTICS_BATCH_MAX_HITS);

    const next = startAnalytics();
    const total = BATCHES * ANALYTICS_BATCH_MAX_HITS;
    await eventually(async () => ((await storedHits()).n >= total ? true : undefined), 240_000, 'every hit stored');
    expect(await storedHits()).toEqual({ n: total, distinct: total });
    next.child.kill('SIGTERM');
    expect(await next.exit).toBe(0);
  }, 360_000);
});

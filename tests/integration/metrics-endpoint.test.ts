/**
 * `/metrics` on the health port, as Prometheus scrapes it, on both run modes: the embedded
 * product (PGlite + in-process bus) and the distributed one (Postgres + NATS JetStream) show
 * the same metric names, with HELP/TYPE lines, request latency by route pattern, consumer
 * handling time by durable and the pending messages of every durable.
 */
import { createServer } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { DURABLES } from '@lp/contracts';
import { backendsUnderTest, eventually, startStack, type Backend, type Stack } from '../support/stack.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

const submission = {
  firstName: 'Ada',
  lastName: 'Yazzie',
  phone: '(928) 555-0199',
  email: 'ada@example.com',
  interest: 'Available Lots',
  message: 'Metrics test',
  source: 'home',
  page: '/',
  website: '',
  elapsedMs: 4000,
};

type Scraped = { names: Set<string>; text: string };

/** Drives the same traffic through a stack, waits for the consumer, and scrapes its metrics. */
async function exercise(backend: Backend): Promise<Scraped> {
  const healthPort = await freePort();
  const stack: Stack = await startStack({ backend, env: { HEALTH_PORT: String(healthPort) } });
  try {
    expect((await stack.api('/api/contact', { body: submission })).status).toBe(201);
    expect((await stack.api('/api/blog/articles')).status).toBe(200);
    expect((await stack.api('/api/blog/articles/no-such-article')).status).toBe(404);
    const metrics = () => fetch(`http://127.0.0.1:${healthPort}/metrics`);
    await eventually(
      async () =>
        (await (await metrics()).text()).match(/^crm_submissions_stored_total\{[^}]*\} 1$/m) ? true : undefined,
      15_000,
      'the submission to be stored',
    );
    const res = await metrics();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    const names = new Set([...text.matchAll(/^# TYPE (\S+) \S+$/gm)].map((m) => m[1]!));
    return { names, text };
  } finally {
    await stack.stop();
  }
}

const real = backendsUnderTest().find((b) => b.backend === 'real')!;

describe('metrics endpoint on both run modes', () => {
  const scraped: Partial<Record<Backend, Scraped>> = {};
  beforeAll(async () => {
    scraped.embedded = await exercise('embedded');
    if (!real.skip) scraped.real = await exercise('real');
  }, 120_000);

  it('describes each metric with HELP and TYPE lines, and measures what happened', () => {
    const { text } = scraped.embedded!;
    expect(text).toContain('# HELP http_request_duration_seconds ');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="POST",route="\/api\/contact",status_class="2xx"\} 1$/m,
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/blog\/articles\/:slug",status_class="4xx"\} 1$/m,
    );
    expect(text).not.toContain('no-such-article');
    expect(text).toMatch(/^bus_handler_duration_seconds_count\{durable="crm-submissions",outcome="ack"\} 1$/m);
    for (const d of Object.values(DURABLES))
      expect(text).toMatch(new RegExp(`^bus_pending_messages\\{durable="${d.name}"\\} 0$`, 'm'));
    expect(text).toMatch(/^gateway_submissions_accepted_total\{source="home",duplicate="false"\} 1$/m);
    expect(text).toContain('# TYPE process_resident_memory_bytes gauge');
  });

  it.skipIf(real.skip)('shows the same metric names embedded and on Postgres + NATS', () => {
    const { embedded, real: onReal } = scraped as Required<typeof scraped>;
    expect([...onReal.names].sort()).toEqual([...embedded.names].sort());
    for (const d of Object.values(DURABLES))
      expect(onReal.text).toMatch(new RegExp(`^bus_pending_messages\\{durable="${d.name}"\\} 0$`, 'm'));
    expect(onReal.text).toMatch(/^bus_handler_duration_seconds_count\{durable="crm-submissions",outcome="ack"\} 1$/m);
  });
});

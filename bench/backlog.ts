/**
 * `pnpm bench:backlog`: how fast the analytics service drains a backlog of page views, with one
 * replica and with two, on the distributed setup (issue 23, "no collapse under a backlog").
 *
 * Each scenario runs on a database and a bus namespace of its own (dropped after, also on
 * failure):
 * 1. `pnpm service analytics` is started once (it migrates its schema and creates the stream and
 *    its durables) and stopped again, so the backlog builds while analytics is away;
 * 2. one `pnpm service gateway` (NODE_ENV=production, LOG_LEVEL=warn, the per-address pixel limit
 *    lifted as in bench/pixel.ts) takes 2 × --hits page-view hits from autocannon, each request
 *    with its own query (a session id among --visitors, a path among 50 pages); its answered
 *    req/s is the steady ingest rate;
 * 3. the bench waits until the gateway has published everything it accepted: its accepted,
 *    published-batch and retry counters still for 1 s, and the stream's last sequence equal to the
 *    batches published (only page-view batches go to it here);
 * 4. ONE analytics replica is started and timed from its readiness until about --hits hits are
 *    stored (progress: `analytics_pageviews_stored_total` summed over the replicas' /metrics),
 *    then a SECOND one is started (launched early by the first one's start-up time, so it is ready
 *    near that mark) and the rest is timed from its readiness to the last accepted hit stored.
 *    Hits stored while the second starts up count in neither rate;
 * 5. both replicas are stopped with SIGTERM (exit code and how long each stop took), then the
 *    database is checked: stored page views and the sum of `daily_totals.pageviews` against the
 *    hits the gateway accepted.
 * Scenarios: spread (hits spread over --visitors session ids) and hot (the same, but --hot-share
 * of the hits from ONE session id, as a bot hammering the pixel would).
 *
 * Printed per scenario: ingest req/s (p99), drain hits/s with 1 and with 2 replicas and their
 * ratio, pool timeouts (lines matching /Timeout acquiring a connection|KnexTimeoutError/ in each
 * analytics replica's output), redeliveries (JetStream deliveries of the durable beyond one per
 * message, and the most `num_redelivered` seen while draining), handler retries
 * (`bus_messages_retried_total`), duplicates (`analytics_pageviews_duplicates_total`), the stops
 * and the correctness check. Targets (issue 23): drain ≥ the steady ingest rate with one replica,
 * ≥ 1.6× it with two, zero pool timeouts, zero duplicates, the hot session not slower than spread.
 *
 * Mind the stream's limits: STREAMS.analytics keeps at most 1 GiB (oldest discarded first), and
 * a page view here is about 300 bytes of JSON on it, so a backlog past about 3.5 million hits
 * (--hits past about 1,750,000) loses its oldest batches before analytics reads them:
 * the bench warns before the load, prints LOST with the batches discarded, the drain then stalls
 * (30 s without progress ends it) and the correctness check fails.
 *
 * Ports: gateway 3341 (health 3342), analytics health 3343–3345; one run at a time.
 *
 * Flags: --hits <n> (1,000,000; the backlog is 2 × n), --visitors <n> (20,000), --hot-share <0..1>
 * (0.01), --scenario spread|hot|both (both), --connections <n> (50, autocannon's).
 * Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_NATS_URL
 * (nats://127.0.0.1:4222).
 */
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import autocannon from 'autocannon';
import pg from 'pg';
import { DURABLES, STREAMS } from '@lp/contracts';
import { namespacer } from '@lp/runtime';
import { createDatabase, deleteNatsNamespace, readCounter, sleep, startProcess } from './support/processes.ts';
import { pnpmServiceArgs } from '../tests/support/product-command.ts';

const flag = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const HITS = Number(flag('hits', '1000000'));
const VISITORS = Number(flag('visitors', '20000'));
const HOT_SHARE = Number(flag('hot-share', '0.01'));
const SCENARIO = flag('scenario', 'both');
const CONNECTIONS = Number(flag('connections', '50'));
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
if (
  !(HITS > 0) ||
  !(VISITORS > 0) ||
  !(HOT_SHARE >= 0 && HOT_SHARE < 1) ||
  !['spread', 'hot', 'both'].includes(SCENARIO)
)
  throw new Error('usage: --hits <n> --visitors <n> --hot-share <0..1> --scenario spread|hot|both');

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
/** Every hit from 127.0.0.1: the per-address limit is lifted so the bench measures the path, not the limit. */
const PRODUCT_ENV = {
  LOG_LEVEL: 'warn',
  PIXEL_HITS_PER_MINUTE: '10000000',
  NODE_ENV: 'production',
  COOKIE_SECURE: 'false',
};
const POOL_TIMEOUT = /Timeout acquiring a connection|KnexTimeoutError/;
const PAGES = Array.from({ length: 50 }, (_, i) =>
  encodeURIComponent(i === 0 ? '/' : i < 40 ? `/lots/lot-${i}` : `/page-${i}`),
);
const HOT_SID = 'hot-session-bench';
const PORT = 3341;
const HEALTH = { gateway: 3342, analytics: [3343, 3344, 3345] } as const;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const log = (line: string) => process.stdout.write(`${line}\n`);

/** An analytics (or gateway) process started by this bench, with what its output said. */
type Proc = { name: string; child: ChildProcess; metrics: string; poolTimeouts: number; startupMs: number };
type Stop = { name: string; code: number | null; signal: string | null; ms: number };

async function start(name: string, service: string, env: Record<string, string>, readyUrl: string, metrics: string) {
  const t0 = performance.now();
  const proc: Partial<Proc> & { poolTimeouts: number } = { name, metrics, poolTimeouts: 0 };
  proc.child = await startProcess(pnpmServiceArgs(service), env, readyUrl, {
    onLine: (line) => {
      if (POOL_TIMEOUT.test(line)) proc.poolTimeouts++;
    },
  });
  proc.startupMs = performance.now() - t0;
  return proc as Proc;
}

/** SIGTERM, then waits for the exit (SIGKILL after 60 s): exit code and how long the stop took. */
async function stop(p: Proc): Promise<Stop> {
  const t0 = performance.now();
  const { child } = p;
  if (child.exitCode !== null || child.signalCode !== null)
    return { name: p.name, code: child.exitCode, signal: child.signalCode, ms: 0 };
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  await exited;
  clearTimeout(killer);
  return { name: p.name, code: child.exitCode, signal: child.signalCode, ms: performance.now() - t0 };
}

/** A counter of one process, or `fallback` while its /metrics does not answer. */
const counterOf = (p: Proc, name: string, labels: Record<string, string> = {}, fallback = 0) =>
  readCounter(p.metrics, name, labels).catch(() => fallback);

type Load = { rps: number; p99: number; sent: number; answered: number; errors: number; seconds: number };

/** 2 × HITS distinct requests, each with its own session id and page. */
async function loadGateway(hot: boolean): Promise<Load> {
  const share = hot ? HOT_SHARE : 0;
  let i = 0;
  let spread = 0;
  const r = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: CONNECTIONS,
    amount: 2 * HITS,
    headers: { 'user-agent': CHROME },
    requests: [
      {
        setupRequest: (req) => {
          const n = i++;
          // Exactly `share` of the hits (evenly placed) from the hot session; the others take
          // turns over the visitors (7919 is prime: each comes back every VISITORS of them).
          const isHot = Math.floor((n + 1) * share) > Math.floor(n * share);
          const visitor = isHot ? 0 : (spread++ * 7919) % VISITORS;
          const sid = isHot ? HOT_SID : `bench-visitor-${visitor}`;
          const page = PAGES[(n + visitor) % PAGES.length]!;
          req.path = `/api/analytics/pixel?p=${page}&sid=${sid}&dt=desktop&br=Chrome${n % 5 === 0 ? '&utm_source=bench' : ''}`;
          return req;
        },
      },
    ],
  });
  return {
    // Answered over the whole run (autocannon's own average is over whole seconds only).
    rps: r['2xx'] / r.duration,
    p99: r.latency.p99,
    sent: r.requests.sent,
    answered: r['2xx'],
    errors: r.errors + r.timeouts + r.non2xx,
    seconds: r.duration,
  };
}

type Scenario = {
  name: string;
  load: Load;
  accepted: number;
  dropped: number;
  batches: number;
  streamNote: string;
  published: { ms: number };
  drain1?: { hits: number; ms: number };
  drain2?: { hits: number; ms: number };
  storedByCounter: number;
  stalled: boolean;
  poolTimeouts: number[];
  redeliveries: number;
  maxNumRedelivered: number;
  retried: number;
  duplicates: number;
  stops: Stop[];
  db: { pageViews: number; dailyPageviews: number; visits: number };
};

async function runScenario(name: string, hot: boolean): Promise<Scenario> {
  const db = await createDatabase(DATABASE_URL, 'lp_bench_backlog');
  const ns = `bench${randomBytes(3).toString('hex')}`;
  const owned = namespacer(ns);
  const streamName = owned.name(STREAMS.analytics.name);
  const durableName = owned.name(DURABLES.analyticsPageviews.name);
  const common = { ...PRODUCT_ENV, DATABASE_URL: db.url, NATS_URL, BUS_NAMESPACE: ns, HOST: '127.0.0.1' };
  const analyticsEnv = (i: number) => ({ ...common, HEALTH_PORT: String(HEALTH.analytics[i]) });
  const analyticsUrls = (i: number) => ({
    ready: `http://127.0.0.1:${HEALTH.analytics[i]}/readyz`,
    metrics: `http://127.0.0.1:${HEALTH.analytics[i]}/metrics`,
  });
  const running: Proc[] = [];
  let nc: NatsConnection | undefined;
  const client = new pg.Client({ connectionString: db.url });
  try {
    log(`\n[${name}] database ${db.name}, bus namespace ${ns}`);
    // 1. analytics once: schema, stream and durables; then stopped, so the backlog builds.
    const setup = await start('analytics (set-up)', 'analytics', analyticsEnv(2), analyticsUrls(2).ready, '');
    running.push(setup);
    const setupStop = await stop(setup);
    running.splice(running.indexOf(setup), 1);
    log(`[${name}] analytics set up and stopped (exit ${setupStop.code ?? setupStop.signal}, ${fmt(setupStop.ms)} ms)`);

    nc = await connect({ servers: NATS_URL });
    const jsm: JetStreamManager = await jetstreamManager(nc);
    const consumerInfo = () => jsm.consumers.info(streamName, durableName);
    // A page view is about 300 bytes of JSON on the stream: say so when the backlog cannot fit.
    const maxBytes = (await jsm.streams.info(streamName)).config.max_bytes;
    if (maxBytes > 0 && 2 * HITS * 300 > maxBytes)
      log(
        `[${name}] WARNING: ${fmt(2 * HITS)} hits are about ${fmt((2 * HITS * 300) / 2 ** 20)} MiB, more than the ` +
          `stream's ${fmt(maxBytes / 2 ** 20)} MiB: its oldest batches will be discarded before analytics reads them`,
      );

    // 2. the gateway takes the load.
    const gwMetrics = `http://127.0.0.1:${HEALTH.gateway}/metrics`;
    const gateway = await start(
      'gateway',
      'gateway',
      {
        ...common,
        PORT: String(PORT),
        HEALTH_PORT: String(HEALTH.gateway),
        ADMIN_USERNAME: 'bench',
        ADMIN_PASSWORD: 'backlog-drain-Lot-42',
      },
      `http://127.0.0.1:${PORT}/readyz`,
      gwMetrics,
    );
    running.push(gateway);
    log(`[${name}] gateway ready; sending ${fmt(2 * HITS)} hits over ${CONNECTIONS} connections…`);
    const load = await loadGateway(hot);
    log(
      `[${name}] load done in ${load.seconds.toFixed(1)} s: ${fmt(load.answered)} answered, ${fmt(load.rps)} req/s, p99 ${load.p99} ms`,
    );

    // 3. wait until the gateway has published all it accepted.
    const t0 = performance.now();
    let last = '';
    let sameSince = performance.now();
    let accepted = 0;
    let batches = 0;
    for (;;) {
      accepted = await readCounter(gwMetrics, 'gateway_hits_accepted_total', { kind: 'pageview' });
      batches = await readCounter(gwMetrics, 'gateway_hit_batches_published_total', { kind: 'pageview' });
      const retries = await readCounter(gwMetrics, 'gateway_hit_batch_retries_total', { kind: 'pageview' });
      // Only page-view batches go to this stream here: its last sequence counts every one it took,
      // also those its limits discarded since.
      const onStream = (await jsm.streams.info(streamName)).state.last_seq;
      const now = `${accepted}/${batches}/${retries}/${onStream}`;
      if (now !== last) [last, sameSince] = [now, performance.now()];
      else if (onStream === batches && performance.now() - sameSince >= 1000) break;
      if (performance.now() - t0 > 120_000) throw new Error(`the gateway never published everything: ${now}`);
      await sleep(200);
    }
    const dropped = await readCounter(gwMetrics, 'gateway_hits_dropped_total');
    const stream = await jsm.streams.info(streamName);
    const lost = stream.state.first_seq > 1 || stream.state.messages < batches;
    const streamNote =
      `stream ${(stream.state.bytes / 2 ** 20).toFixed(0)} of ${(stream.config.max_bytes / 2 ** 20).toFixed(0)} MiB, ` +
      `${fmt(stream.state.messages)} batches` +
      (lost ? `; LOST ${fmt(batches - stream.state.messages)} batches to the stream's limits (oldest discarded)` : '');
    const published = { ms: performance.now() - t0 };
    log(
      `[${name}] published: ${fmt(accepted)} hits accepted in ${fmt(batches)} batches (${dropped} dropped), ${streamNote}`,
    );
    const before = await consumerInfo();

    // 4. the drain: one replica, then two.
    let maxNumRedelivered = 0;
    const storedNow = async () => {
      let sum = 0;
      for (const p of running) if (p !== gateway) sum += await counterOf(p, 'analytics_pageviews_stored_total');
      return sum;
    };
    const r1 = await start(
      'analytics 1',
      'analytics',
      analyticsEnv(0),
      analyticsUrls(0).ready,
      analyticsUrls(0).metrics,
    );
    running.push(r1);
    const t1 = performance.now();
    const s1 = await storedNow();
    log(`[${name}] replica 1 ready after ${fmt(r1.startupMs)} ms (${fmt(s1)} hits stored by then)`);
    let drain1: Scenario['drain1'];
    let r2ready: { t: number; stored: number } | undefined;
    let r2start: Promise<Proc> | undefined;
    let stored = s1;
    let lastInfoAt = 0;
    let progressAt = performance.now();
    let stalled = false;
    for (;;) {
      const n = await storedNow();
      if (n > stored) progressAt = performance.now();
      stored = n;
      if (performance.now() - lastInfoAt >= 1000) {
        lastInfoAt = performance.now();
        maxNumRedelivered = Math.max(maxNumRedelivered, (await consumerInfo()).num_redelivered);
      }
      if (stored >= accepted) break;
      if (performance.now() - progressAt > 30_000) {
        stalled = true;
        break;
      }
      const elapsed = performance.now() - t1;
      const rate = elapsed > 0 ? (stored - s1) / (elapsed / 1000) : 0;
      // Launch the second replica early by the first one's start-up time, so it is ready near HITS.
      if (!r2start && elapsed >= 1000 && stored + (rate * r1.startupMs) / 1000 >= HITS) {
        drain1 = { hits: stored - s1, ms: elapsed };
        log(`[${name}] 1 replica: ${fmt(drain1.hits)} hits in ${fmt(drain1.ms)} ms; starting replica 2`);
        r2start = start('analytics 2', 'analytics', analyticsEnv(1), analyticsUrls(1).ready, analyticsUrls(1).metrics);
        void r2start.then(
          (p) => {
            running.push(p);
            const t = performance.now();
            void storedNow().then((s2) => {
              r2ready = { t, stored: s2 };
              log(`[${name}] replica 2 ready after ${fmt(p.startupMs)} ms (${fmt(s2)} hits stored by then)`);
            });
          },
          () => {},
        );
      }
      await sleep(200);
    }
    // The last poll that saw progress (the one that saw everything stored, unless it stalled).
    const tEnd = progressAt;
    if (r2start) await r2start; // a start-up failure fails the scenario here
    if (!drain1) drain1 = { hits: stored - s1, ms: tEnd - t1 }; // all of it drained before the mark
    const drain2 = r2ready ? { hits: stored - r2ready.stored, ms: tEnd - r2ready.t } : undefined;
    log(
      `[${name}] drained: ${fmt(stored)} of ${fmt(accepted)} stored${stalled ? ' (STALLED: no progress for 30 s)' : ''}`,
    );

    // 5. counters, then the stops, then the database.
    const replicas = running.filter((p) => p !== gateway);
    const info = await consumerInfo();
    maxNumRedelivered = Math.max(maxNumRedelivered, info.num_redelivered);
    // Deliveries beyond one per message that was waiting (num_redelivered only counts unacked ones).
    const redeliveries = info.delivered.consumer_seq - before.delivered.consumer_seq - before.num_pending;
    let duplicates = 0;
    let retried = 0;
    for (const p of replicas) {
      duplicates += await counterOf(p, 'analytics_pageviews_duplicates_total');
      retried += await counterOf(p, 'bus_messages_retried_total', { durable: DURABLES.analyticsPageviews.name });
    }
    const storedByCounter = await storedNow();
    const stops: Stop[] = [];
    for (const p of [...replicas].reverse()) {
      stops.push(await stop(p));
      running.splice(running.indexOf(p), 1);
    }
    await client.connect();
    const one = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]?.n ?? 0);
    const dbCheck = {
      pageViews: await one('select count(*) as n from analytics.page_views'),
      dailyPageviews: await one('select coalesce(sum(pageviews), 0) as n from analytics.daily_totals'),
      visits: await one('select count(*) as n from analytics.visits'),
    };
    return {
      name,
      load,
      accepted,
      dropped,
      batches,
      streamNote,
      published,
      drain1,
      ...(drain2 ? { drain2 } : {}),
      storedByCounter,
      stalled,
      poolTimeouts: replicas.map((p) => p.poolTimeouts),
      redeliveries,
      maxNumRedelivered,
      retried,
      duplicates,
      stops,
      db: dbCheck,
    };
  } finally {
    for (const p of [...running].reverse()) await stop(p).catch(() => {});
    await client.end().catch(() => {});
    await nc?.close().catch(() => {});
    await db.drop().catch((err: Error) => log(`could not drop ${db.name}: ${err.message}`));
    await deleteNatsNamespace(NATS_URL, ns).catch((err: Error) =>
      log(`could not delete namespace ${ns}: ${err.message}`),
    );
  }
}

const rate = (d: { hits: number; ms: number } | undefined) => (d && d.ms > 0 ? d.hits / (d.ms / 1000) : NaN);
const ok = (good: boolean) => (good ? 'met' : 'NOT met');

function report(s: Scenario): string[] {
  const ingest = s.load.rps;
  const one = rate(s.drain1);
  const two = rate(s.drain2);
  const timeouts = s.poolTimeouts.reduce((a, b) => a + b, 0);
  const expected = s.accepted;
  const correct = s.db.pageViews === expected && s.db.dailyPageviews === expected;
  return [
    `${s.name}: ${fmt(2 * HITS)} hits sent from ${fmt(VISITORS)} visitors` +
      (s.name === 'hot' ? `, ${(HOT_SHARE * 100).toFixed(2)}% from one session id` : ''),
    `  ingest (1 gateway)    ${fmt(ingest)} req/s answered, p99 ${s.load.p99} ms; ${fmt(s.load.answered)} answered` +
      `${s.load.errors ? ` (+${s.load.errors} errors)` : ''}, ${fmt(s.accepted)} accepted, ${fmt(s.dropped)} dropped; ` +
      `all on the stream ${fmt(s.published.ms)} ms after the load (1 s of it to see it still); ${s.streamNote}`,
    `  drain, 1 replica      ${fmt(one)} hits/s (${fmt(s.drain1?.hits ?? 0)} hits in ${((s.drain1?.ms ?? 0) / 1000).toFixed(1)} s)` +
      `  = ${(one / ingest).toFixed(2)}× ingest   target ≥ 1×: ${ok(one >= ingest)}`,
    s.drain2
      ? `  drain, 2 replicas     ${fmt(two)} hits/s (${fmt(s.drain2.hits)} hits in ${(s.drain2.ms / 1000).toFixed(1)} s)` +
        `  = ${(two / ingest).toFixed(2)}× ingest   target ≥ 1.6×: ${ok(two >= 1.6 * ingest)}`
      : `  drain, 2 replicas     n/a (the first replica stored everything before the second was ready: use more --hits)`,
    `  2 replicas ÷ 1        ${(two / one).toFixed(2)}`,
    `  pool timeouts         ${timeouts} (${s.poolTimeouts.join(' + ')})   target 0: ${ok(timeouts === 0)}`,
    `  redeliveries          ${s.redeliveries} (most num_redelivered seen: ${s.maxNumRedelivered}); handler retries ${s.retried}`,
    `  duplicates            ${s.duplicates}   target 0: ${ok(s.duplicates === 0)}`,
    `  stops (SIGTERM)       ${s.stops.map((x) => `${x.name}: exit ${x.code ?? x.signal} after ${fmt(x.ms)} ms`).join(', ')}`,
    `  correctness           page_views ${fmt(s.db.pageViews)}, sum(daily_totals.pageviews) ${fmt(s.db.dailyPageviews)}, ` +
      `expected ${fmt(expected)} (accepted; ${fmt(2 * HITS)} sent): ${correct ? 'OK' : 'MISMATCH'}` +
      `; stored counter ${fmt(s.storedByCounter)}, ${fmt(s.db.visits)} visits${s.stalled ? '; drain STALLED' : ''}`,
  ];
}

const results: Scenario[] = [];
if (SCENARIO !== 'hot') results.push(await runScenario('spread', false));
if (SCENARIO !== 'spread') results.push(await runScenario('hot', true));

const lines = [
  '',
  `backlog drain: analytics stopped while 1 gateway takes ${fmt(2 * HITS)} page views, then 1 analytics replica ` +
    `for the first ~${fmt(HITS)} stored, 2 for the rest (rates from each replica's readiness)`,
];
for (const s of results) lines.push(...report(s));
const spread = results.find((s) => s.name === 'spread');
const hot = results.find((s) => s.name === 'hot');
if (spread && hot) {
  const r1 = rate(hot.drain1) / rate(spread.drain1);
  const r2 = rate(hot.drain2) / rate(spread.drain2);
  lines.push(
    `hot ÷ spread: 1 replica ${r1.toFixed(2)}, 2 replicas ${r2.toFixed(2)}   target ≥ 1 (hot session not slower): ` +
      ok(r1 >= 1 && (Number.isNaN(r2) || r2 >= 1)),
  );
}
log(lines.join('\n'));

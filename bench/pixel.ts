/**
 * `pnpm bench:pixel`: the pixel endpoint under load (autocannon, 50 connections, 10 s, the
 * same query string), against a bare `node:http` server answering the same GIF measured in the
 * same run, in both run modes:
 * - embedded: the one process `pnpm start` runs (PGlite + in-process bus), started exactly as
 *   `pnpm start` starts it: the node flags and entry of package.json's `start` script;
 * - distributed: `pnpm service gateway` and `pnpm service analytics` as separate processes on
 *   the local NATS and Postgres (a database and a bus namespace of their own, dropped after).
 * Each target first gets a short warm-up load (JIT, connection set-up, first partitions), not
 * measured; its hits count in accepted and stored. After the load it waits until every answered hit that was not dropped is stored, and prints
 * sent / answered / dropped by reason / stored, then each process's CPU (from /proc, user + system) per answered
 * request and per stored hit: the bare server, the gateway, the analytics service and the
 * PostgreSQL connections of its database (distributed), the one product process (embedded), and
 * the load generator. Targets: distributed ≥ 0.7× the bare server's requests/s with p99 ≤ 20 ms;
 * embedded ≥ 0.5×; gateway ≤ 1.3× the bare server's CPU per request, and gateway + analytics +
 * PostgreSQL ≤ 25 µs per stored hit.
 *
 * Flags: --duration <s> (10), --warmup <s> (3), --connections <n> (50),
 * --mode embedded|distributed|both, --rate <req/s> (0: as fast as each answers; a fixed rate
 * compares CPU per request with no process saturated, where a two-core box shares out less).
 * Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_NATS_URL (nats://127.0.0.1:4222).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  backendPids,
  cpuTimes,
  cpuUsed,
  type CpuTime,
  cpuSince,
  createDatabase,
  deleteNatsNamespace,
  readCounter,
  readCounterBy,
  sleep,
  startProcess,
  stopProcess,
} from './support/processes.ts';
import { pnpmServiceArgs, pnpmStartArgs } from '../tests/support/product-command.ts';

const flag = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const DURATION = Number(flag('duration', '10'));
const WARMUP = Number(flag('warmup', '3'));
const CONNECTIONS = Number(flag('connections', '50'));
const MODE = flag('mode', 'both');
/** Requests per second for every target (autocannon's overallRate); 0: as many as it answers. */
const RATE = Number(flag('rate', '0'));
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const QUERY = '/api/analytics/pixel?p=%2Flot-map&sid=bench-visitor&dt=desktop&br=Chrome&utm_source=bench';
/** Every hit from 127.0.0.1: the per-address limit is lifted so the bench measures the path, not the limit. */
const PRODUCT_ENV = {
  LOG_LEVEL: 'warn',
  PIXEL_HITS_PER_MINUTE: '10000000',
  NODE_ENV: 'production',
  COOKIE_SECURE: 'false',
};

type Load = {
  rps: number;
  p50: number;
  p99: number;
  sent: number;
  answered: number;
  errors: number;
  /** The load generator's own CPU (this process), µs. */
  loaderCpu: number;
};

async function load(base: string, duration = DURATION): Promise<Load> {
  const cpu0 = process.cpuUsage();
  const r = await autocannon({
    url: `${base}${QUERY}`,
    connections: CONNECTIONS,
    duration,
    ...(RATE > 0 ? { overallRate: RATE } : {}),
    headers: { 'user-agent': CHROME },
  });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    sent: r.requests.sent,
    answered: r['2xx'],
    errors: r.errors + r.timeouts + r.non2xx,
    loaderCpu: ((c) => c.user + c.system)(process.cpuUsage(cpu0)),
  };
}

/** CPU per unit of work, µs, by process: what each side of the pixel path costs. */
type Cpu = { name: string; time: CpuTime; per: number; unit: 'request' | 'stored hit' }[];
const microsOf = (t: CpuTime) => t.user + t.system;

async function bare(port: number): Promise<Load & { cpu: Cpu }> {
  const gif = 'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';
  const code = `const g=Buffer.from('${gif}','base64');require('node:http').createServer((q,s)=>{s.writeHead(200,{'content-type':'image/gif','cache-control':'no-store','content-length':g.length});s.end(g)}).listen(${port})`;
  const child = await startProcess(['-e', code], {}, `http://127.0.0.1:${port}/`);
  try {
    if (WARMUP > 0) await load(`http://127.0.0.1:${port}`, WARMUP);
    const cpu0 = cpuTimes(child.pid);
    const result = await load(`http://127.0.0.1:${port}`);
    const time = cpuUsed(cpu0, cpuTimes(child.pid));
    return { ...result, cpu: [{ name: 'bare server', time, per: result.answered, unit: 'request' }] };
  } finally {
    await stopProcess(child);
  }
}

/** Polls `stored()` until it reaches `expected` or stops growing for 20 s. */
async function waitStored(stored: () => Promise<number>, expected: number): Promise<number> {
  let last = -1;
  let still = Date.now();
  for (;;) {
    const n = await stored().catch(() => last);
    if (n >= expected) return n;
    if (n !== last) {
      last = n;
      still = Date.now();
    } else if (Date.now() - still > 20_000) return n;
    await sleep(250);
  }
}

type Row = {
  mode: string;
  load: Load;
  accepted?: number;
  dropped?: Record<string, number>;
  stored?: number;
  /** From the start of the measured load until every accepted hit is stored. */
  cpu: Cpu;
};

async function embedded(port: number, healthPort: number): Promise<Row> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lpl-bench-pixel-'));
  const metrics = `http://127.0.0.1:${healthPort}/metrics`;
  const child = await startProcess(
    pnpmStartArgs(),
    { ...PRODUCT_ENV, PORT: String(port), HOST: '127.0.0.1', HEALTH_PORT: String(healthPort), DATA_DIR: dataDir },
    `http://127.0.0.1:${port}/readyz`,
  );
  try {
    if (WARMUP > 0) await load(`http://127.0.0.1:${port}`, WARMUP);
    const storedCount = () => readCounter(metrics, 'analytics_pageviews_stored_total');
    const accepted0 = await readCounter(metrics, 'gateway_hits_accepted_total', { kind: 'pageview' });
    const cpu0 = cpuTimes(child.pid);
    const result = await load(`http://127.0.0.1:${port}`);
    const accepted = await readCounter(metrics, 'gateway_hits_accepted_total', { kind: 'pageview' });
    const stored = await waitStored(storedCount, accepted);
    const time = cpuUsed(cpu0, cpuTimes(child.pid));
    const dropped = await readCounterBy(metrics, 'gateway_hits_dropped_total', 'reason');
    const cpu: Cpu = [
      { name: 'product (one process)', time, per: result.answered, unit: 'request' },
      { name: 'product (one process)', time, per: accepted - accepted0, unit: 'stored hit' },
    ];
    return { mode: 'embedded (pnpm start)', load: result, accepted, dropped, stored, cpu };
  } finally {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function distributed(port: number, healthPort: number): Promise<Row> {
  const db = await createDatabase(DATABASE_URL, 'lp_bench_pixel');
  const ns = `bench${randomBytes(3).toString('hex')}`;
  const common = { ...PRODUCT_ENV, DATABASE_URL: db.url, NATS_URL, BUS_NAMESPACE: ns, HOST: '127.0.0.1' };
  const metrics = `http://127.0.0.1:${healthPort}/metrics`;
  const started = [];
  try {
    // The analytics service first: it migrates its schema and creates the stream and durables.
    started.push(
      await startProcess(
        pnpmServiceArgs('analytics'),
        { ...common, HEALTH_PORT: String(healthPort + 1) },
        `http://127.0.0.1:${healthPort + 1}/readyz`,
      ),
    );
    started.push(
      await startProcess(
        pnpmServiceArgs('gateway'),
        {
          ...common,
          PORT: String(port),
          HEALTH_PORT: String(healthPort),
          ADMIN_USERNAME: 'bench',
          ADMIN_PASSWORD: 'pixel-drill-Lot-42',
        },
        `http://127.0.0.1:${port}/readyz`,
      ),
    );
    if (WARMUP > 0) await load(`http://127.0.0.1:${port}`, WARMUP);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const storedCount = async () => {
      const r = await client.query<{ n: string }>('select count(*) as n from analytics.page_views');
      return Number(r.rows[0]?.n ?? 0);
    };
    const [analytics, gateway] = started;
    // The warm-up's hits are stored first, so the window below holds only the measured load's.
    await waitStored(storedCount, await readCounter(metrics, 'gateway_hits_accepted_total', { kind: 'pageview' }));
    const stored0 = await storedCount();
    const cpu = {
      gateway: await cpuSince(async () => [gateway!.pid!]),
      analytics: await cpuSince(async () => [analytics!.pid!]),
      postgres: await cpuSince(() => backendPids(client, db.name)),
    };
    const result = await load(`http://127.0.0.1:${port}`);
    const accepted = await readCounter(metrics, 'gateway_hits_accepted_total', { kind: 'pageview' });
    const stored = await waitStored(storedCount, accepted);
    const storedNow = stored - stored0;
    const used = { gateway: await cpu.gateway(), analytics: await cpu.analytics(), postgres: await cpu.postgres() };
    await client.end();
    const dropped = await readCounterBy(metrics, 'gateway_hits_dropped_total', 'reason');
    return {
      mode: 'distributed (gateway + analytics)',
      load: result,
      accepted,
      dropped,
      stored,
      cpu: [
        { name: 'gateway', time: used.gateway, per: result.answered, unit: 'request' },
        { name: 'analytics', time: used.analytics, per: storedNow, unit: 'stored hit' },
        { name: 'PostgreSQL (its connections)', time: used.postgres, per: storedNow, unit: 'stored hit' },
        {
          name: 'gateway + analytics + PostgreSQL',
          time: {
            user: used.gateway.user + used.analytics.user + used.postgres.user,
            system: used.gateway.system + used.analytics.system + used.postgres.system,
          },
          per: storedNow,
          unit: 'stored hit',
        },
      ],
    };
  } finally {
    for (const c of started.reverse()) await stopProcess(c);
    await db.drop().catch(() => {});
    await deleteNatsNamespace(NATS_URL, ns).catch(() => {});
  }
}

const port = 3291;
const rows: Row[] = [];
const baseline = await bare(port);
rows.push({ mode: 'baseline: bare node:http GIF', load: baseline, cpu: baseline.cpu });
if (MODE !== 'distributed') rows.push(await embedded(port + 10, port + 11));
if (MODE !== 'embedded') rows.push(await distributed(port + 20, port + 21));
const after = await bare(port);
rows.push({ mode: 'baseline again (after)', load: after, cpu: after.cpu });

const base = rows[0]!.load.rps;
const lines = [
  `pixel endpoint: autocannon, ${CONNECTIONS} connections${RATE > 0 ? ` at ${RATE} req/s` : ''}, ${DURATION} s after ${WARMUP} s of warm-up, one query string` +
    ` (accepted and stored include the warm-up's hits)`,
  `${'mode'.padEnd(36)} ${'req/s'.padStart(8)} ${'ratio'.padStart(6)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}   sent / answered / dropped / stored`,
];
for (const r of rows) {
  const dropped = r.dropped ? Object.entries(r.dropped).filter(([, n]) => n > 0) : [];
  const droppedText = r.dropped ? (dropped.length ? dropped.map(([k, n]) => `${k} ${n}`).join(', ') : '0') : '-';
  lines.push(
    `${r.mode.padEnd(36)} ${String(r.load.rps).padStart(8)} ${(r.load.rps / base).toFixed(2).padStart(5)}× ${`${r.load.p50}ms`.padStart(6)} ${`${r.load.p99}ms`.padStart(6)}   ` +
      `${r.load.sent} / ${r.load.answered}${r.load.errors ? ` (+${r.load.errors} errors)` : ''} / ${droppedText} / ${r.stored ?? '-'}` +
      (r.accepted !== undefined
        ? `  (accepted ${r.accepted}${r.stored === r.accepted ? ', all stored' : `, ${r.accepted - (r.stored ?? 0)} NOT stored`})`
        : ''),
  );
}
lines.push('', 'CPU over the measured load (until every accepted hit is stored), from /proc:');
const bareCpu = [...rows[0]!.cpu, ...rows[rows.length - 1]!.cpu];
const bareMicros = bareCpu.reduce((sum, c) => sum + microsOf(c.time), 0) / bareCpu.reduce((sum, c) => sum + c.per, 0);
for (const r of rows) {
  lines.push(`  ${r.mode}: load generator ${(r.load.loaderCpu / Math.max(1, r.load.sent)).toFixed(1)} µs/request`);
  for (const c of r.cpu) {
    const per = microsOf(c.time) / Math.max(1, c.per);
    const split = `user ${(c.time.user / Math.max(1, c.per)).toFixed(1)}, system ${(c.time.system / Math.max(1, c.per)).toFixed(1)}`;
    const vsBare =
      c.unit === 'request' && !r.mode.startsWith('baseline') ? ` (${(per / bareMicros).toFixed(2)}× bare)` : '';
    lines.push(`    ${c.name.padEnd(34)} ${per.toFixed(1).padStart(7)} µs per ${c.unit} (${split})${vsBare}`);
  }
}
process.stdout.write(`${lines.join('\n')}\n`);

/**
 * `pnpm bench:soak`: the distributed topology under a mixed load for a while (10 minutes by
 * default), to see latency hold and memory level off. gateway, analytics, crm, mailer, content and
 * inventory run as separate `pnpm service` processes on the local NATS and Postgres, in a database
 * and a bus namespace of their own (both removed afterwards), with an smtp-server sink on loopback
 * for mail. Plain fetch loops at modest fixed rates (the box has 2 shared cores) send pixel hits,
 * tracker events, contact form submissions, public page and API reads, signed-in staff API reads,
 * and every so often a small CSV import and a small broadcast.
 *
 * Prints per endpoint: requests, p50 and p99 latency after the warm-up, errors over the whole run (a status other than expected, a
 * dropped pixel, a timeout or a refused connection; a request not started because its endpoint
 * already had MAX_IN_FLIGHT waiting counts as an error too). Then each process's RSS at start,
 * after the warm-up and at the end, and a verdict: no unbounded growth when every process ends at
 * ≤ 1.2× its RSS after the warm-up. Then mail: messages the sink received against recipients of
 * the broadcasts, and any recipient mailed twice.
 *
 * Flags: --minutes <n> (10), --warmup <minutes> (1; at most half the run).
 * Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_NATS_URL (nats://127.0.0.1:4222).
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { createDatabase, deleteNatsNamespace, rssKb, sleep, startProcess, stopProcess } from './support/processes.ts';
import { pnpmServiceArgs } from '../tests/support/product-command.ts';

const flag = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const MINUTES = Number(flag('minutes', '10'));
const WARMUP_MINUTES = Math.min(Number(flag('warmup', '1')), MINUTES / 2);
if (!(MINUTES > 0) || !(WARMUP_MINUTES >= 0)) {
  process.stderr.write('usage: pnpm bench:soak [--minutes 10] [--warmup 1]\n');
  process.exit(2);
}
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PORT = 17000 + Math.floor(Math.random() * 900) * 10;
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const MAX_IN_FLIGHT = 20;
const TIMEOUT_MS = 10_000;
const IMPORT_EVERY_S = 45;
const IMPORT_ROWS = 200;
const BROADCAST_EVERY_S = 60;
const BROADCAST_RECIPIENTS = 25;

// ---------------------------------------------------------------- memory

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

// ---------------------------------------------------------------- the mail sink

function startSink() {
  const received: { to: string; subject: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, cb) {
      let head = '';
      stream.on('data', (c: Buffer) => {
        if (head.length < 16_384) head += c.toString('utf8');
      });
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? '';
        for (const r of session.envelope.rcptTo) received.push({ to: r.address.toLowerCase(), subject });
        cb();
      });
    },
  });
  server.on('error', () => {});
  return new Promise<{ url: string; received: typeof received; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as { port: number };
      resolve({
        url: `smtp://127.0.0.1:${port}`,
        received,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    }),
  );
}

// ---------------------------------------------------------------- load

type Stat = {
  name: string;
  requests: number;
  /** Latencies of requests started after the warm-up (steady state). */
  latencies: number[];
  errors: number;
  reasons: Map<string, number>;
  inFlight: number;
};
/** performance.now() at which the warm-up ends (set when the load starts). */
let warmUntil = Infinity;
const stats = new Map<string, Stat>();
const stat = (name: string): Stat => {
  let s = stats.get(name);
  if (!s) stats.set(name, (s = { name, requests: 0, latencies: [], errors: 0, reasons: new Map(), inFlight: 0 }));
  return s;
};
const fail = (s: Stat, reason: string) => {
  s.errors++;
  s.reasons.set(reason, (s.reasons.get(reason) ?? 0) + 1);
};

/** One request of endpoint `name`, timed; `ok` says whether the answer is what a client expects. */
async function timed(
  name: string,
  run: () => Promise<Response>,
  ok: (r: Response) => boolean,
): Promise<{ status: number } | null> {
  const s = stat(name);
  s.requests++;
  if (s.inFlight >= MAX_IN_FLIGHT) {
    // Not sent: this endpoint already has MAX_IN_FLIGHT requests waiting for an answer.
    fail(s, `${MAX_IN_FLIGHT} waiting`);
    return null;
  }
  s.inFlight++;
  const t0 = performance.now();
  try {
    const res = await run();
    await res.arrayBuffer();
    if (t0 >= warmUntil) s.latencies.push(performance.now() - t0);
    if (!ok(res))
      fail(
        s,
        `${res.status}${res.headers.get('x-pixel-dropped') ? ` dropped:${res.headers.get('x-pixel-dropped')}` : ''}`,
      );
    return { status: res.status };
  } catch (err) {
    if (t0 >= warmUntil) s.latencies.push(performance.now() - t0);
    fail(s, (err as Error).name === 'TimeoutError' ? 'timeout' : 'network');
    return null;
  } finally {
    s.inFlight--;
  }
}
const ok2xx = (r: Response) => r.status >= 200 && r.status < 300;

let stopping = false;
let markStopped!: () => void;
/** Resolves once the load is told to stop (the run's end or Ctrl-C). */
const stopped = new Promise<void>((r) => (markStopped = r));
const stop = () => {
  stopping = true;
  markStopped();
};
/** Starts `fire` `perSecond` times a second (without waiting for the previous one) until stopping. */
async function every(perSecond: number, fire: (i: number) => Promise<unknown>): Promise<void> {
  const interval = 1000 / perSecond;
  const pending = new Set<Promise<unknown>>();
  let next = performance.now() + Math.random() * interval;
  for (let i = 0; !stopping; i++) {
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    if (stopping) break;
    const p = fire(i).finally(() => pending.delete(p));
    pending.add(p);
    next += interval;
  }
  await Promise.all(pending);
}

const percentile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : NaN;

// ---------------------------------------------------------------- run

if (!existsSync(`${ROOT}/web/dist/server`)) {
  process.stdout.write('web/dist missing: running pnpm build first…\n');
  if (spawnSync('pnpm', ['build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
}

const db = await createDatabase(DATABASE_URL, 'lp_bench_soak');
const ns = `soak${randomBytes(4).toString('hex')}`;
const sink = await startSink();
const password = randomBytes(12).toString('base64url');
const env: Record<string, string> = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: db.url,
  NATS_URL,
  BUS_NAMESPACE: ns,
  DB_POOL_MAX: '5',
  COOKIE_SECURE: 'false',
  ADMIN_USERNAME: 'soak-admin',
  ADMIN_PASSWORD: password,
  SPAM_MIN_FILL_MS: '0',
  CONTACT_RATE_LIMIT: '10000',
  // One staff user imports every IMPORT_EVERY_S seconds, more often than the default allows.
  IMPORT_RATE_LIMIT: '10000',
  PIXEL_HITS_PER_MINUTE: '10000000',
  SMTP_URL: sink.url,
  MAIL_PUBLIC_URL: BASE,
};
const procs: { name: string; child: ChildProcess }[] = [];
const cleanup = async () => {
  stop();
  // The gateway first: it drains its pixel buffers to the bus while the services still run.
  for (const p of procs) await stopProcess(p.child).catch(() => {});
  await sink.close().catch(() => {});
  await db.drop().catch((err: Error) => process.stderr.write(`could not drop ${db.name}: ${err.message}\n`));
  await deleteNatsNamespace(NATS_URL, ns).catch((err: Error) =>
    process.stderr.write(`could not delete bus namespace ${ns}: ${err.message}\n`),
  );
};
let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  stop();
});

try {
  const started = performance.now();
  // Each service migrates its own schema at start; one at a time keeps the 2-core box responsive.
  const services = ['crm', 'analytics', 'mailer', 'content', 'inventory'] as const;
  for (const [i, name] of services.entries()) {
    const health = PORT + 1 + i;
    const child = await startProcess(
      pnpmServiceArgs(name),
      { ...env, HEALTH_PORT: String(health) },
      `http://127.0.0.1:${health}/readyz`,
    );
    procs.push({ name, child });
  }
  const gateway = await startProcess(
    pnpmServiceArgs('gateway'),
    { ...env, PORT: String(PORT), HOST: '127.0.0.1', HEALTH_PORT: String(PORT + 9) },
    `${BASE}/readyz`,
  );
  procs.unshift({ name: 'gateway', child: gateway });
  process.stdout.write(`six processes ready in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

  const login = await fetch(`${BASE}/api/marketing/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'soak-admin', password }),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const staff = { authorization: `Bearer ${token}` };
  const articles = (await (await fetch(`${BASE}/api/blog/articles`)).json()) as
    { slug: string }[] | { articles: { slug: string }[] };
  const slugs = (Array.isArray(articles) ? articles : articles.articles).map((a) => a.slug);
  if (slugs.length === 0) throw new Error('no blog articles to read');

  const rss = { start: new Map<string, number>(), warm: new Map<string, number>(), end: new Map<string, number>() };
  const sampleRss = (into: Map<string, number>) => {
    for (const p of procs) into.set(p.name, rssKb(p.child.pid));
  };
  sampleRss(rss.start);
  const durationMs = MINUTES * 60_000;
  const warmupMs = WARMUP_MINUTES * 60_000;
  process.stdout.write(
    `load for ${MINUTES} min (warm-up ${WARMUP_MINUTES} min) on ${BASE}, database ${db.name}, bus namespace ${ns}\n`,
  );

  const run = `${Date.now().toString(36)}`;
  const get = (name: string, path: string, headers: Record<string, string> = {}) =>
    timed(name, () => fetch(`${BASE}${path}`, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) }), ok2xx);
  const pixelOk = (r: Response) => r.status === 200 && !r.headers.get('x-pixel-dropped');
  const imported: string[] = [];
  let imports = 0;
  let broadcasts = 0;
  const broadcastRecipients: string[][] = [];

  const csvImport = async () => {
    const k = imports++;
    const rows = Array.from(
      { length: IMPORT_ROWS },
      (_, i) => `soak-${run}-${k}-${i}@soak.example,Soak${i},Import${k}`,
    );
    const form = new FormData();
    form.append(
      'file',
      new Blob([`Email Address,First Name,Last Name\n${rows.join('\n')}\n`], { type: 'text/csv' }),
      `soak-${k}.csv`,
    );
    const res = await timed(
      'POST /api/marketing/contacts/import (200 rows)',
      () =>
        fetch(`${BASE}/api/marketing/contacts/import`, {
          method: 'POST',
          headers: staff,
          body: form,
          signal: AbortSignal.timeout(60_000),
        }),
      (r) => r.status === 200,
    );
    if (res?.status === 200) imported.push(...rows.map((r) => r.slice(0, r.indexOf(','))));
  };
  const broadcast = async () => {
    if (imported.length < BROADCAST_RECIPIENTS) return;
    const k = broadcasts++;
    const recipients = imported.slice(-BROADCAST_RECIPIENTS);
    const res = await timed(
      `POST /api/marketing/single-send (${BROADCAST_RECIPIENTS} recipients)`,
      () =>
        fetch(`${BASE}/api/marketing/single-send`, {
          method: 'POST',
          headers: { ...staff, 'content-type': 'application/json' },
          body: JSON.stringify({
            subject: `Soak ${run} broadcast ${k}`,
            fromName: 'Lake Powell Lots',
            fromEmail: 'news@soak.example',
            content:
              '<p>Hello {{firstName}}, new lots are listed.</p><p><a href="https://example.com/lots">See them</a></p>',
            recipients,
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        }),
      (r) => r.status === 202,
    );
    if (res?.status === 202) broadcastRecipients.push(recipients);
  };

  const loops = [
    every(10, (i) =>
      timed(
        'GET /api/analytics/pixel',
        () =>
          fetch(`${BASE}/api/analytics/pixel?p=%2Fsoak%2F${i % 50}&sid=${run}-s${i % 400}&dt=desktop&br=Chrome`, {
            headers: { 'user-agent': CHROME },
            signal: AbortSignal.timeout(TIMEOUT_MS),
          }),
        pixelOk,
      ),
    ),
    every(5, (i) =>
      timed(
        'GET /api/analytics/event-pixel',
        () =>
          fetch(
            `${BASE}/api/analytics/event-pixel?n=lot_click&c=map&sid=${run}-s${i % 400}&lbl=${(i % 30) + 1}&p=%2Fmap`,
            { headers: { 'user-agent': CHROME }, signal: AbortSignal.timeout(TIMEOUT_MS) },
          ),
        pixelOk,
      ),
    ),
    every(1, (i) =>
      timed(
        'POST /api/contact',
        () =>
          fetch(`${BASE}/api/contact`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': `${run}-form-${i}` },
            body: JSON.stringify({
              firstName: 'Soak',
              lastName: `Visitor${i}`,
              phone: '928-555-0100',
              email: `visitor-${run}-${i}@soak.example`,
            }),
            signal: AbortSignal.timeout(TIMEOUT_MS),
          }),
        (r) => r.status === 201,
      ),
    ),
    every(1, () => get('GET /', '/')),
    every(1, () => get('GET /map', '/map')),
    every(1, (i) => get('GET /lots/{number}', `/lots/${(i % 30) + 1}`)),
    every(1, () => get('GET /blog', '/blog')),
    every(1, (i) => get('GET /blog/{slug}', `/blog/${slugs[i % slugs.length]}`)),
    every(1, () => get('GET /api/lots', '/api/lots')),
    every(1, () => get('GET /api/blog/articles', '/api/blog/articles')),
    every(0.5, () => get('GET /api/marketing/submissions', '/api/marketing/submissions?limit=50', staff)),
    every(0.5, () => get('GET /api/marketing/contacts', '/api/marketing/contacts?limit=50', staff)),
    every(0.5, () => get('GET /api/marketing/stats', '/api/marketing/stats', staff)),
    every(0.5, () =>
      get('GET /api/marketing-dashboard/web-analytics', '/api/marketing-dashboard/web-analytics?days=30', staff),
    ),
    every(0.5, () => get('GET /api/marketing/lots', '/api/marketing/lots', staff)),
    (async () => {
      await Promise.race([sleep(5_000), stopped]);
      while (!stopping) {
        const next = sleep(IMPORT_EVERY_S * 1000);
        await csvImport();
        await Promise.race([next, stopped]);
      }
    })(),
    (async () => {
      await Promise.race([sleep(20_000), stopped]);
      while (!stopping) {
        const next = sleep(BROADCAST_EVERY_S * 1000);
        await broadcast();
        await Promise.race([next, stopped]);
      }
    })(),
  ];

  const t0 = performance.now();
  warmUntil = t0 + warmupMs;
  let warmSampled = false;
  let lastReport = t0;
  while (!stopping && performance.now() - t0 < durationMs) {
    await sleep(1000);
    if (!warmSampled && performance.now() - t0 >= warmupMs) {
      sampleRss(rss.warm);
      warmSampled = true;
      process.stdout.write(
        `  warm-up done: ${procs.map((p) => `${p.name} ${mb(rss.warm.get(p.name)!)}`).join(', ')}\n`,
      );
    }
    if (performance.now() - lastReport >= 30_000) {
      lastReport = performance.now();
      const sent = [...stats.values()].reduce((n, s) => n + s.requests, 0);
      const errors = [...stats.values()].reduce((n, s) => n + s.errors, 0);
      process.stdout.write(
        `  ${((lastReport - t0) / 1000).toFixed(0)} s: ${sent} requests, ${errors} errors, gateway ${mb(rssKb(gateway.pid))}\n`,
      );
    }
  }
  sampleRss(rss.end);
  if (!warmSampled) for (const [k, v] of rss.end) rss.warm.set(k, v);
  const elapsedS = (performance.now() - t0) / 1000;
  stop();
  await Promise.all(loops);

  // Mail: wait (up to 60 s) for every broadcast's messages to reach the sink.
  const expected = broadcastRecipients.reduce((n, r) => n + r.length, 0);
  const mailDeadline = Date.now() + 60_000;
  while (sink.received.length < expected && Date.now() < mailDeadline) await sleep(500);
  const perRecipient = new Map<string, number>();
  for (const m of sink.received)
    perRecipient.set(`${m.subject}|${m.to}`, (perRecipient.get(`${m.subject}|${m.to}`) ?? 0) + 1);
  const mailedTwice = [...perRecipient.values()].filter((n) => n > 1).length;

  // ---------------------------------------------------------------- report
  const rows = [...stats.values()].map((s) => {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    const reasons = [...s.reasons].map(([r, n]) => `${r}×${n}`).join(' ');
    return [
      s.name,
      String(s.requests),
      `${(s.requests / elapsedS).toFixed(1)}`,
      `${percentile(sorted, 0.5).toFixed(1)}`,
      `${percentile(sorted, 0.99).toFixed(1)}`,
      `${s.errors}${reasons ? ` (${reasons})` : ''}`,
    ];
  });
  // Latency after the warm-up (steady state); requests and errors over the whole run.
  const head = ['endpoint', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const out: string[] = [
    '',
    `soak: ${elapsedS.toFixed(0)} s of mixed load (warm-up ${WARMUP_MINUTES * 60} s; latency after it, requests and errors over the whole run), load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    line(head),
    ...rows.map(line),
    `total: ${rows.reduce((n, r) => n + Number(r[1]), 0)} requests, ${[...stats.values()].reduce((n, s) => n + s.errors, 0)} errors`,
    '',
    'RSS per process    start   after warm-up     end   end / warm-up',
  ];
  let growing: string[] = [];
  for (const p of procs) {
    const [a, w, e] = [rss.start.get(p.name)!, rss.warm.get(p.name)!, rss.end.get(p.name)!];
    const ratio = e / w;
    if (!(ratio <= 1.2)) growing.push(`${p.name} ×${ratio.toFixed(2)}`);
    out.push(
      `  ${p.name.padEnd(14)} ${mb(a).padStart(7)} ${mb(w).padStart(15)} ${mb(e).padStart(7)} ${ratio.toFixed(2).padStart(15)}`,
    );
  }
  if (interrupted) growing = [...growing, 'interrupted'];
  out.push(
    growing.length === 0
      ? 'verdict: PASS — no unbounded growth (every process ends at ≤ 1.2× its RSS after warm-up)'
      : `verdict: FAIL — ${growing.join(', ')} (limit ≤ 1.2× the RSS after warm-up)`,
    '',
    `mail: ${imports} CSV imports of ${IMPORT_ROWS} rows, ${broadcastRecipients.length} broadcasts of ${BROADCAST_RECIPIENTS}: ${sink.received.length} of ${expected} messages received, ${mailedTwice} recipients mailed twice`,
    '',
  );
  process.stdout.write(out.join('\n'));
  process.exitCode = growing.length === 0 ? 0 : 1;
} finally {
  await cleanup();
}

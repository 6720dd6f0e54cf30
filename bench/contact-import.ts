/**
 * `pnpm bench:import`: a 1,000,000-row contacts CSV imported through `POST
 * /api/marketing/contacts/import` into the distributed setup: the gateway and crm as separate
 * `pnpm service` processes on the local NATS and Postgres (a database and a bus namespace of
 * their own, removed afterwards). Prints rows/s end to end and the peak RSS of both processes
 * (sampled from /proc every 100 ms) and the CPU time each spent (with PostgreSQL's backends for
 * the bench database when they run on this machine): on a busy machine the rate says how much CPU
 * the import got, the CPU per row what it costs. Then `psql \copy` of the same rows into a bare
 * table as the ceiling, with the ratio. Needs BENCH_DATABASE_URL / BENCH_NATS_URL (default: the local ones).
 * BENCH_ROWS changes the row count; BENCH_NODE_FLAGS adds node flags to both services (e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where their time goes).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { openAsBlob } from 'node:fs';
import pg from 'pg';
import type { ImportResult } from '@lp/contracts';
import { deleteBusNamespace } from '@lp/runtime';
import { rssKb } from './support/processes.ts';
import { pnpmServiceArgs } from '../tests/support/product-command.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PORT = 17000 + Math.floor(Math.random() * 1000) * 3;

/** CPU time (user + system) of a process so far, in ms; 0 once it is gone or not on this machine. */
const cpuMs = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return 0;
  }
};

async function writeCsv(path: string): Promise<void> {
  const out = createWriteStream(path);
  out.write('Email Address,First Name,Last Name,Phone Number,address,notes\n');
  for (let i = 0; i < ROWS; i++) {
    const line = `person${i}@bench.example,First${i},Last${i},928-555-${String(i % 10000).padStart(4, '0')},"${i} Lakeview Dr, Page AZ",imported\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never became ready`);
}

const dbName = `lp_bench_import_${randomBytes(4).toString('hex')}`;
const ns = `bimp${randomBytes(4).toString('hex')}`;
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${dbName}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${dbName}`);

const dir = mkdtempSync(join(tmpdir(), 'lp-bench-import-'));
const csvPath = join(dir, 'contacts.csv');
const children: ChildProcess[] = [];
try {
  process.stdout.write(`generating ${ROWS.toLocaleString('en-US')} rows… `);
  await writeCsv(csvPath);
  const size = statSync(csvPath).size;
  process.stdout.write(`${(size / 1024 / 1024).toFixed(0)} MB\n`);

  const password = randomBytes(12).toString('base64url');
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: dbUrl.toString(),
    NATS_URL,
    BUS_NAMESPACE: ns,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    COOKIE_SECURE: 'false',
    ADMIN_USERNAME: 'bench-admin',
    ADMIN_PASSWORD: password,
    IMPORT_MAX_BYTES: String(1024 * 1024 * 1024),
  };
  const start = (name: string, healthPort: number) => {
    const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
    const child = spawn('node', pnpmServiceArgs(name, flags), {
      env: { ...env, HEALTH_PORT: String(healthPort) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(child);
    return child;
  };
  const crmHealth = PORT + 1;
  const gwHealth = PORT + 2;
  const crm = start('crm', crmHealth);
  await waitFor(`http://127.0.0.1:${crmHealth}/readyz`, crm);
  const gateway = start('gateway', gwHealth);
  await waitFor(`http://127.0.0.1:${gwHealth}/readyz`, gateway);

  const login = await fetch(`http://127.0.0.1:${PORT}/api/marketing/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench-admin', password }),
  });
  const { token } = (await login.json()) as { token: string };

  const rest = { gateway: rssKb(gateway.pid!), crm: rssKb(crm.pid!) };
  const peak = { ...rest };
  const cpu0 = { gateway: cpuMs(gateway.pid!), crm: cpuMs(crm.pid!) };
  // PostgreSQL's backends serving the bench database: CPU used since first seen, per backend.
  const watcher = new pg.Client({ connectionString: ADMIN_URL });
  await watcher.connect();
  const backends = new Map<number, { first: number; last: number }>();
  const watchBackends = async () => {
    const { rows } = await watcher.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [dbName],
    );
    for (const { pid } of rows) {
      const now = cpuMs(pid);
      const seen = backends.get(pid);
      if (!seen) backends.set(pid, { first: now, last: now });
      else if (now > 0) seen.last = now;
    }
  };
  await watchBackends();
  let watching = false;
  const sampler = setInterval(() => {
    peak.gateway = Math.max(peak.gateway, rssKb(gateway.pid!));
    peak.crm = Math.max(peak.crm, rssKb(crm.pid!));
    if (watching) return;
    watching = true;
    void watchBackends().finally(() => (watching = false));
  }, 100);
  const form = new FormData();
  form.append('file', await openAsBlob(csvPath, { type: 'text/csv' }), 'contacts.csv');
  const t0 = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}/api/marketing/contacts/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`the import was answered ${res.status}: ${(await res.text()) || '(no body)'}`);
  const result = (await res.json()) as ImportResult;
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  await watchBackends();
  await watcher.end();
  const cpu = {
    gateway: cpuMs(gateway.pid!) - cpu0.gateway,
    crm: cpuMs(crm.pid!) - cpu0.crm,
    postgres: [...backends.values()].reduce((sum, b) => sum + b.last - b.first, 0),
  };
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  if (res.status !== 200) throw new Error(`import answered ${res.status}: ${JSON.stringify(result)}`);
  const check = new pg.Client({ connectionString: dbUrl.toString() });
  await check.connect();
  const stored = Number((await check.query('select count(*) from crm.contacts')).rows[0].count);

  // The ceiling: the same file straight into a bare table with psql's \copy.
  await check.query(
    'create table bare_contacts (email text, first_name text, last_name text, phone text, address text, notes text)',
  );
  await check.end();
  const c0 = performance.now();
  const copy = spawnSync(
    'psql',
    [dbUrl.toString(), '-q', '-c', `\\copy bare_contacts from '${csvPath}' with (format csv, header true)`],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const copySeconds = (performance.now() - c0) / 1000;
  if (copy.status !== 0) throw new Error('psql \\copy failed');

  const rate = ROWS / seconds;
  const copyRate = ROWS / copySeconds;
  const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
  const perRow = (ms: number) => `${(ms / 1000).toFixed(1)} s (${((ms * 1000) / ROWS).toFixed(1)} µs/row)`;
  const cores = availableParallelism();
  process.stdout.write(
    [
      `import through HTTP → gateway → NATS (chunks) → crm → Postgres`,
      `  rows                 ${ROWS.toLocaleString('en-US')} (${result.imported} imported, ${result.updated} updated, ${result.unchanged} unchanged, ${result.invalid} invalid; ${stored} stored)`,
      `  time                 ${seconds.toFixed(1)} s`,
      `  rate                 ${Math.round(rate).toLocaleString('en-US')} rows/s  (target ≥ 50,000)`,
      `  peak RSS gateway     ${mb(peak.gateway)}  (target ≤ 300 MB; ${mb(rest.gateway)} before the import)`,
      `  peak RSS crm         ${mb(peak.crm)}  (target ≤ 300 MB; ${mb(rest.crm)} before the import)`,
      `  CPU                  gateway ${perRow(cpu.gateway)}, crm ${perRow(cpu.crm)}, PostgreSQL ${perRow(cpu.postgres)}`,
      `  CPU-bound rate       ${Math.round(ROWS / ((cpu.gateway + cpu.crm + cpu.postgres) / 1000 / cores)).toLocaleString('en-US')} rows/s if the ${cores} cores were the import's alone`,
      `  load average         ${load} (1, 5, 15 min; other work on the machine slows the rate)`,
      `ceiling: psql \\copy into a bare table`,
      `  time                 ${copySeconds.toFixed(1)} s`,
      `  rate                 ${Math.round(copyRate).toLocaleString('en-US')} rows/s`,
      `ratio (import / \\copy)  ${(rate / copyRate).toFixed(2)}`,
      '',
    ].join('\n'),
  );
} finally {
  for (const c of children) {
    c.kill('SIGTERM');
    if (c.exitCode === null) await once(c, 'exit');
  }
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
  await deleteBusNamespace(NATS_URL, ns);
}

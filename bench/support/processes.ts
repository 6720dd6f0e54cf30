/**
 * Helpers the benchmarks share: start a child process and wait for a URL to answer, stop it by
 * its pid, read a process's RSS and CPU time (user and system), read one Prometheus counter, make and drop a database and a NATS
 * namespace of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import pg from 'pg';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A process's resident memory in kB (/proc); 0 once it is gone or not on this machine. */
export function rssKb(pid: number | undefined): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS'));
    return Number(line?.split(/\s+/)[1] ?? 0);
  } catch {
    return 0;
  }
}

/** CPU time in microseconds: in the process's own code (user) and in the kernel on its behalf (system). */
export type CpuTime = { user: number; system: number };

/**
 * CPU time a process has used (all its threads), in microseconds, from /proc/<pid>/stat (clock
 * ticks of 10 ms); zeros once it is gone or not on this machine.
 */
export function cpuTimes(pid: number | undefined): CpuTime {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) * 10_000, system: Number(fields[12]) * 10_000 };
  } catch {
    return { user: 0, system: 0 };
  }
}

/** The CPU used between two readings of `cpuTimes`. */
export const cpuUsed = (then: CpuTime, now: CpuTime): CpuTime => ({
  user: now.user - then.user,
  system: now.system - then.system,
});

/**
 * CPU used by several processes between two readings: `read()` takes the first, and the
 * returned function the second, summing per process id (a process that appeared in between
 * counts from zero; one that exited in between is missing, as /proc no longer has it).
 */
export async function cpuSince(pids: () => Promise<number[]>): Promise<() => Promise<CpuTime>> {
  const before = new Map((await pids()).map((pid) => [pid, cpuTimes(pid)]));
  return async () => {
    const total = { user: 0, system: 0 };
    for (const pid of await pids()) {
      const used = cpuUsed(before.get(pid) ?? { user: 0, system: 0 }, cpuTimes(pid));
      total.user += used.user;
      total.system += used.system;
    }
    return total;
  };
}

/** The PostgreSQL server processes serving one database (its pooled connections), by pid. */
export async function backendPids(client: pg.Client, database: string): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  return rows.map((r) => r.pid);
}

/**
 * `BENCH_CPU_PROF=<dir>`: every process a benchmark starts writes a V8 CPU profile there when
 * it exits (`node --cpu-prof`; open it in Chrome DevTools' Performance panel or speedscope).
 */
const profileArgs = (): string[] =>
  process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

/**
 * Starts `node <args>` and resolves once `readyUrl` answers 2xx. Its stdout is ignored and its
 * stderr goes to ours, unless `opts.onLine` is given: then every line of both is handed to it
 * (stderr's still copied to ours), e.g. to count the log lines that match a pattern.
 */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
  opts: { onLine?: (line: string) => void } = {},
): Promise<ChildProcess> {
  const { onLine } = opts;
  const child = spawn('node', [...profileArgs(), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', onLine ? 'pipe' : 'ignore', onLine ? 'pipe' : 'inherit'],
  });
  if (onLine) {
    createInterface({ input: child.stdout!, crlfDelay: Infinity }).on('line', onLine);
    child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    createInterface({ input: child.stderr!, crlfDelay: Infinity }).on('line', onLine);
  }
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    const ok = await fetch(readyUrl).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    if (Date.now() > deadline) throw new Error(`${readyUrl} never answered`);
    await sleep(100);
  }
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000).then(() => child.kill('SIGKILL'))]);
}

export async function runToEnd(args: string[], env: Record<string, string>): Promise<void> {
  const child = spawn('node', args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`${args.join(' ')} exited with ${code}`);
}

/** Sums the samples of one counter on a /metrics page whose labels include `labels`. */
export async function readCounter(
  metricsUrl: string,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).some(([k, v]) => !line.includes(`${k}="${v}"`))) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

/** Every value of one label of a counter, with its sum. */
export async function readCounterBy(metricsUrl: string, name: string, label: string): Promise<Record<string, number>> {
  const text = await (await fetch(metricsUrl)).text();
  const out: Record<string, number> = {};
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const value = line.match(new RegExp(`${label}="([^"]*)"`))?.[1];
    if (value !== undefined) out[value] = (out[value] ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return out;
}

export async function createDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export { deleteBusNamespace as deleteNatsNamespace } from '@lp/runtime';

/**
 * Cold start and idle memory of the product as a user starts it: the real `pnpm start`
 * command (web build check included), timed from the command to the first page served
 * (`GET /` answers 200), then the RSS of its whole process tree (pnpm, the product and any
 * child) after 10 s idle; then Ctrl-C to the process group, as a terminal sends it, and the
 * exit code. First start: an empty DATA_DIR and no record of a web build (what a fresh clone
 * does: it builds, then creates the database); second start: the same folder again.
 * Baseline in the same run: a bare `node:http` server, measured the same way.
 * Usage: `pnpm bench cold-start` (BENCH_PORT picks the port, default 3197).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3197);
const IDLE_MS = 10_000;

type Sample = { readyMs: number; treeMb: number; productMb: number; exit: string; elifecycle: boolean };

/** RSS in MB of every process in a process group, and of its largest member. */
function groupRss(pgid: number): { total: number; largest: number } {
  let total = 0;
  let largest = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      // Fields after the command name, which may hold spaces: state, ppid, pgrp, ...
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp !== pgid) continue;
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      total += kb;
      largest = Math.max(largest, kb);
    } catch {
      // The process ended while we looked.
    }
  }
  return { total: Math.round(total / 1024), largest: Math.round(largest / 1024) };
}

async function measure(command: string, args: string[], env: Record<string, string> = {}): Promise<Sample> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true, // its own process group, like a terminal's foreground job
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}: ${stderr}`);
    const ok = await fetch(`http://127.0.0.1:${PORT}/`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const readyMs = Math.round(performance.now() - started);
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const rss = groupRss(child.pid!);
  process.kill(-child.pid!, 'SIGINT');
  const [code, signal] = await exited;
  return {
    readyMs,
    treeMb: rss.total,
    productMb: rss.largest,
    exit: signal ?? String(code),
    elifecycle: stderr.includes('ELIFECYCLE'),
  };
}

const baseline = await measure(process.execPath, [
  '-e',
  `require('node:http').createServer((q,s)=>s.end('ok')).listen(${PORT},'127.0.0.1')`,
]);
const dataDir = mkdtempSync(join(tmpdir(), 'lpl-bench-'));
// A fresh clone has no record of a web build: the first start builds.
rmSync(join(ROOT, 'web/dist/build-hash'), { force: true });
const first = await measure('pnpm', ['start'], { DATA_DIR: dataDir });
const second = await measure('pnpm', ['start'], { DATA_DIR: dataDir });
rmSync(dataDir, { recursive: true, force: true });

const row = (name: string, r: Sample) =>
  [
    name.padEnd(42),
    `${r.readyMs} ms`.padStart(9),
    `${(r.readyMs / baseline.readyMs).toFixed(1)}×`.padStart(7),
    `${r.treeMb} MB`.padStart(8),
    `${(r.treeMb / baseline.treeMb).toFixed(1)}×`.padStart(7),
    `${r.productMb} MB`.padStart(9),
    `${r.exit}${r.elifecycle ? ' ELIFECYCLE' : ''}`.padStart(8),
  ].join(' ');
process.stdout.write(
  [
    `cold start: command → first page served (GET / 200); RSS of the process tree after ${IDLE_MS / 1000} s idle; exit code after Ctrl-C`,
    [
      ''.padEnd(42),
      'ready'.padStart(9),
      'ratio'.padStart(7),
      'RSS'.padStart(8),
      'ratio'.padStart(7),
      'largest'.padStart(9),
      'exit'.padStart(8),
    ].join(' '),
    row('baseline: bare node:http', baseline),
    row('pnpm start, first (build + new database)', first),
    row('pnpm start, second (existing data)', second),
    '',
  ].join('\n'),
);

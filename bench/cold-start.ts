/**
 * Cold start and idle memory of the one-process product (`scripts/start-embedded.ts`, the
 * process `pnpm start` runs after building): time until /readyz answers on an empty data
 * folder (first run: creates the database) and on the same folder again (second run), and
 * RSS after 5 s idle. Baseline in the same run: a bare Node HTTP server started the same way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS'));
  return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 1024);
};

async function measure(args: string[], env: Record<string, string>, url: string) {
  const started = performance.now();
  const child: ChildProcess = spawn('node', args, { env: { ...process.env, ...env }, stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
      const ok = await fetch(url).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const readyMs = Math.round(performance.now() - started);
    await new Promise((r) => setTimeout(r, 5000));
    return { readyMs, rssMb: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const port = '3197';
const baseline = await measure(
  ['--import', 'tsx', '-e', `require('node:http').createServer((q,s)=>s.end('ok')).listen(${port})`],
  {},
  `http://127.0.0.1:${port}/`,
);
const dataDir = mkdtempSync(join(tmpdir(), 'lpl-bench-'));
const env = { PORT: port, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
const first = await measure(['--import', 'tsx', 'scripts/start-embedded.ts'], env, `http://127.0.0.1:${port}/readyz`);
const second = await measure(['--import', 'tsx', 'scripts/start-embedded.ts'], env, `http://127.0.0.1:${port}/readyz`);
rmSync(dataDir, { recursive: true, force: true });

const row = (name: string, r: { readyMs: number; rssMb: number }) =>
  `${name.padEnd(34)} ${String(r.readyMs).padStart(6)} ms  ${(r.readyMs / baseline.readyMs).toFixed(1).padStart(5)}×   ${String(r.rssMb).padStart(5)} MB  ${(r.rssMb / baseline.rssMb).toFixed(1).padStart(5)}×`;
process.stdout.write(
  [
    'cold start of the one-process product (ready = /readyz answers; RSS after 5 s idle)',
    `${''.padEnd(34)} ${'ready'.padStart(9)}  ${'ratio'.padStart(6)}   ${'RSS'.padStart(8)}  ${'ratio'.padStart(6)}`,
    row('baseline: bare node http (tsx)', baseline),
    row('first run (empty data folder)', first),
    row('second run (existing data)', second),
    '',
  ].join('\n'),
);

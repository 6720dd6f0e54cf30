/**
 * `pnpm bench:inbound`: 8 raw inbound mail posts of ~24.6 MB each (a real-looking MIME message:
 * a short text body and two 9 MB base64 attachments, both under the per-file and per-message
 * caps, so they are stored) sent at once to `POST /api/inbound/raw` of the product started as
 * users start it (`pnpm start`: one process, PGlite + the in-process bus, on a temporary
 * DATA_DIR). Prints the answer of every post with its time, how long until all 8 are stored
 * (mailer_inbound_stored_total), the process's RSS at rest before the posts, its peak (VmRSS
 * sampled every 50 ms until all are stored, and VmHWM) and peak − rest, and the load average.
 * Target: every post answered 200, peak ≤ 300 MB above rest.
 * Flags: --posts <n> (8), --attachment-mb <n> (9).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCounter, rssKb, sleep, startProcess, stopProcess } from './support/processes.ts';
import { pnpmStartArgs } from '../tests/support/product-command.ts';
import { rawMessage } from '../tests/support/raw-mail.ts';

const flag = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const POSTS = Number(flag('posts', '8'));
const ATTACHMENT_BYTES = Number(flag('attachment-mb', '9')) * 1024 * 1024;
const SECRET = randomBytes(16).toString('hex');
const PORT = 18000 + Math.floor(Math.random() * 1000) * 2;

const hwmKb = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const message = (i: number): Buffer =>
  rawMessage(
    {
      from: '"Dana Buyer" <dana.buyer@example.net>',
      to: 'info@lakepowelllots.com',
      subject: `Site visit photos, lot ${i + 1}`,
      messageId: `bench-inbound-${i}-${randomBytes(6).toString('hex')}@example.net`,
      date: new Date(),
    },
    `Hello, here are the photos from our visit to lot ${i + 1}. Is the price still the same?`,
    ['north-view.jpg', 'shoreline.jpg'].map((name) => ({
      name,
      type: 'image/jpeg',
      bytes: randomBytes(ATTACHMENT_BYTES),
    })),
  );

type Answer = { status: number | string; seconds: number };

function post(body: Buffer): Promise<Answer> {
  const t0 = performance.now();
  const seconds = () => (performance.now() - t0) / 1000;
  return new Promise((resolve) => {
    const req = request(`http://127.0.0.1:${PORT}/api/inbound/raw?secret=${SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', 'content-length': body.length },
    });
    req.once('response', (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0, seconds: seconds() }));
    });
    req.once('error', (err: NodeJS.ErrnoException) => resolve({ status: err.code ?? err.message, seconds: seconds() }));
    req.end(body);
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'lpl-bench-inbound-'));
const healthPort = PORT + 1;
const metrics = `http://127.0.0.1:${healthPort}/metrics`;
process.stdout.write(`building ${POSTS} messages… `);
const bodies = Array.from({ length: POSTS }, (_, i) => message(i));
process.stdout.write(`${(bodies[0]!.length / 1e6).toFixed(1)} MB each\n`);
const child = await startProcess(
  pnpmStartArgs(),
  {
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    HEALTH_PORT: String(healthPort),
    DATA_DIR: dataDir,
    WEBHOOK_SECRET: SECRET,
  },
  `http://127.0.0.1:${PORT}/readyz`,
);
try {
  const pid = child.pid!;
  await sleep(5000); // start-up work settles (first consumers, web assets)
  const rest = rssKb(pid);
  let peak = rest;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 50);
  const t0 = performance.now();
  const answers = await Promise.all(bodies.map(post));
  const answered = (performance.now() - t0) / 1000;
  const deadline = Date.now() + 600_000;
  let stored = 0;
  while ((stored = await readCounter(metrics, 'mailer_inbound_stored_total')) < POSTS && Date.now() < deadline)
    await sleep(250);
  const allStored = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssKb(pid));
  const hwm = hwmKb(pid);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
  process.stdout.write(
    [
      `inbound: ${POSTS} raw posts of ${(bodies[0]!.length / 1e6).toFixed(1)} MB at once → pnpm start (embedded)`,
      `  answers              ${answers.map((a) => `${a.status} (${a.seconds.toFixed(1)} s)`).join(', ')}`,
      `  all answered         ${answered.toFixed(1)} s; all stored ${allStored.toFixed(1)} s (${stored} of ${POSTS})`,
      `  RSS at rest          ${mb(rest)}`,
      `  RSS peak (sampled)   ${mb(peak)}  (peak − rest ${mb(peak - rest)}; target ≤ 300 MB)`,
      `  VmHWM                ${mb(hwm)}  (includes start-up)`,
      `  load average         ${load}`,
      '',
    ].join('\n'),
  );
  if (answers.some((a) => a.status !== 200) || stored < POSTS) process.exitCode = 1;
} finally {
  await stopProcess(child);
  rmSync(dataDir, { recursive: true, force: true });
}

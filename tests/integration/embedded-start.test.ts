/**
 * `pnpm start` as an operator runs it: the whole product comes up on an empty data folder and
 * on the same folder again, and a Ctrl-C (SIGINT to the terminal's process group) or a
 * supervisor's SIGTERM ends it after the graceful shutdown with exit code 0 and no pnpm
 * ELIFECYCLE error.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'lpl-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts `pnpm start` in its own process group and resolves once `/` answers 200. */
async function start() {
  const child = spawn('pnpm', ['start'], {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      // The embedded product, whatever the test run's environment points at.
      DATABASE_URL: '',
      NATS_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  let url: string | undefined;
  while (!url) {
    if (child.exitCode !== null) throw new Error(`pnpm start exited early (${child.exitCode}): ${err}`);
    url = /running at (http:\/\/\S+)/.exec(out)?.[1];
    if (!url) await once(child.stdout, 'data');
  }
  const home = await fetch(`${url}/`);
  return { child, exited, home, output: () => ({ out, err }) };
}

describe('pnpm start', () => {
  it('serves the site on an empty data folder and ends with exit code 0 on Ctrl-C', async () => {
    const run = await start();
    expect(run.home.status).toBe(200);
    expect(await run.home.text()).toContain('Lake Powell');
    process.kill(-run.child.pid!, 'SIGINT');
    const [code, signal] = await run.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(run.output().out).toContain('"msg":"stopped"');
    expect(run.output().err).not.toContain('ELIFECYCLE');
  }, 120_000);

  it('starts again on the same folder and ends with exit code 0 on SIGTERM', async () => {
    const run = await start();
    expect(run.home.status).toBe(200);
    expect(run.output().out).not.toContain('Created the embedded database');
    run.child.kill('SIGTERM');
    const [code, signal] = await run.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(run.output().out).toContain('"msg":"stopped"');
    expect(run.output().err).not.toContain('ELIFECYCLE');
  }, 120_000);
});

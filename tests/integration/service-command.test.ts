/**
 * `pnpm service <name>` as an operator or a supervisor runs it: the process started is the one
 * that stops. SIGTERM to the PID spawned (pnpm's) ends the service after its graceful shutdown
 * with exit code 0 within 10 s, and leaves nothing holding its HEALTH_PORT: the same command
 * starts again on the same port and gets ready. On its own database and bus namespace.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { deleteNamespace, eventually, realDatabase, describeOnRealBackends } from '../support/stack.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describeOnRealBackends('pnpm service <name>', (real) => {
  // fetch refuses the WHATWG "bad ports"; this range holds none.
  const healthPort = 8200 + Math.floor(Math.random() * 700);
  const ns = `svc${randomBytes(4).toString('hex')}`;
  const started: ChildProcess[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    // Whatever a failed run left behind in each command's process group (a node pnpm did not stop).
    for (const c of started)
      try {
        process.kill(-c.pid!, 'SIGKILL');
      } catch {
        // The group is gone: nothing was left.
      }
    await drop?.();
    await deleteNamespace(real.natsUrl, ns);
  });

  const start = async (env: Record<string, string>) => {
    // Its own process group, so the cleanup above can reach anything it leaves.
    const child = spawn('pnpm', ['service', 'content'], {
      cwd: ROOT,
      detached: true,
      env: { ...(process.env as Record<string, string>), NODE_OPTIONS: '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    started.push(child);
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
      child.once('exit', (code, signal) => r({ code, signal })),
    );
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`pnpm service exited early (${child.exitCode}): ${err}`);
        const res = await fetch(`http://127.0.0.1:${healthPort}/readyz`).catch(() => null);
        return res?.status === 200 ? true : undefined;
      },
      90_000,
      'the service ready',
    );
    return { child, exited, stderr: () => err };
  };

  it('ends with exit code 0 on SIGTERM to the PID started, and frees its port for the next start', async () => {
    const db = await realDatabase(real.databaseUrl);
    drop = db.drop;
    const env = {
      DATABASE_URL: db.url,
      NATS_URL: real.natsUrl,
      BUS_NAMESPACE: ns,
      DB_POOL_MAX: '3',
      HEALTH_PORT: String(healthPort),
      LOG_LEVEL: 'silent',
    };
    for (const run of ['first', 'again'] as const) {
      const service = await start(env);
      const signalled = Date.now();
      service.child.kill('SIGTERM');
      const timeout = new Promise<'still running'>((r) => setTimeout(() => r('still running'), 10_000).unref());
      expect(await Promise.race([service.exited, timeout]), run).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalled).toBeLessThan(10_000);
      expect(service.stderr(), run).not.toContain('ELIFECYCLE');
      // Nothing answers on the port any more: the service itself stopped, not only pnpm.
      expect(await fetch(`http://127.0.0.1:${healthPort}/healthz`).catch(() => 'refused'), run).toBe('refused');
    }
  }, 240_000);
});

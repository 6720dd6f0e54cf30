/**
 * The production build of the server side (`pnpm build:server`): compiled JavaScript that plain
 * `node` runs (no tsx anywhere in the process), migrating a fresh PostgreSQL with
 * `node scripts/dist/migrate.js`, then a gateway and a crm process from
 * `node scripts/dist/run-service.js` on real NATS serving the site and storing a form submission,
 * and each exiting 0 within 10 s of SIGTERM (what `docker stop` sends to PID 1 in the image).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deleteNamespace, eventually, realDatabase } from '../support/stack.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const real = inject('realBackends');
const describeReal = 'unavailable' in real ? describe.skip : describe;

describeReal('the compiled server (pnpm build:server) under plain node', () => {
  const children: ChildProcess[] = [];
  let db: Awaited<ReturnType<typeof realDatabase>>;
  const ns = `t${randomBytes(4).toString('hex')}`;
  let env: Record<string, string>;
  const port = 3400 + Math.floor(Math.random() * 500);

  beforeAll(async () => {
    if ('unavailable' in real) return;
    const built = spawnSync('node', ['--import', 'tsx', 'scripts/build-server.ts'], { cwd: ROOT, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    db = await realDatabase(real.databaseUrl);
    env = {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      NODE_OPTIONS: '',
      DATABASE_URL: db.url,
      NATS_URL: real.natsUrl,
      BUS_NAMESPACE: ns,
      LOG_LEVEL: 'warn',
      COOKIE_SECURE: 'false',
      DB_POOL_MAX: '4',
    };
  }, 120_000);
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    if ('unavailable' in real) return;
    await db?.drop();
    await deleteNamespace(real.natsUrl, ns).catch(() => {});
  });

  const start = (args: string[], extra: Record<string, string>) => {
    const child = spawn('node', args, { cwd: ROOT, env: { ...env, ...extra }, stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(child);
    return child;
  };
  const exitWithin = (child: ChildProcess, ms: number) =>
    new Promise<number | null>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`still running ${ms} ms after SIGTERM`)), ms);
      child.once('exit', (code) => {
        clearTimeout(t);
        resolve(code);
      });
    });

  it('compiles to JavaScript with no TypeScript import left', () => {
    const main = readFileSync(`${ROOT}/services/gateway/dist/main.js`, 'utf8');
    expect(main).toContain('../../runtime/dist/index.js');
    expect(main).not.toMatch(/from ["'][^"']+\.ts["']/);
    expect(readFileSync(`${ROOT}/scripts/dist/run-service.js`, 'utf8')).toContain('../../services/crm/dist/main.js');
  });

  it('migrates, serves and stores with node alone, and stops on SIGTERM with exit 0 within 10 s', async () => {
    const migrate = start(['scripts/dist/migrate.js'], {});
    expect(await exitWithin(migrate, 60_000)).toBe(0);
    const gateway = start(['scripts/dist/run-service.js', 'gateway'], {
      PORT: String(port),
      HOST: '127.0.0.1',
      HEALTH_PORT: '0',
    });
    const crm = start(['scripts/dist/run-service.js'], { SERVICE: 'crm', HEALTH_PORT: '0' });
    const base = `http://127.0.0.1:${port}`;
    await eventually(
      async () => ((await fetch(`${base}/readyz`).catch(() => null))?.status === 200 ? true : undefined),
      30_000,
      'the gateway ready',
    );
    // A prerendered page: the pages showing lots need the inventory process, which this test does not run.
    expect((await fetch(`${base}/market`)).status).toBe(200);
    const res = await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ann', lastName: 'Lee', phone: '928-555-0100', email: 'ann@example.com' }),
    });
    expect(res.status).toBe(201);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await eventually(
        async () => {
          const { rows } = await client.query<{ n: string }>('select count(*) as n from crm.form_submissions');
          return Number(rows[0]?.n) === 1 ? true : undefined;
        },
        15_000,
        'the submission stored',
      );
    } finally {
      await client.end();
    }
    // No tsx: the processes are node running the compiled files.
    for (const c of [gateway, crm]) expect(readFileSync(`/proc/${c.pid}/cmdline`, 'utf8')).not.toContain('tsx');
    const exits = [exitWithin(gateway, 10_000), exitWithin(crm, 10_000)];
    gateway.kill('SIGTERM');
    crm.kill('SIGTERM');
    expect(await Promise.all(exits)).toEqual([0, 0]);
  }, 120_000);
});

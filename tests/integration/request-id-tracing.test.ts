/**
 * One id follows a request across processes: the gateway and crm run as separate processes (what
 * `pnpm service <name>` runs) on the real backends, each writing its JSON log lines to stdout. A
 * contact form posted with a known `X-Request-Id` is found by that id in the gateway's lines
 * (the access log and "submission accepted") and in crm's (the consumer's "submission stored"),
 * because the id travels in the bus message's headers; a staff read finds it in crm's request
 * handler the same way (request/reply headers). An id a client sends that is not a plain token
 * is replaced, never logged.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deleteNamespace, eventually, realDatabase } from '../support/stack.ts';
import { productProcessEnv } from '../support/product-command.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const real = inject('realBackends');
const describeReal = 'unavailable' in real ? describe.skip : describe;

type LogLine = {
  service?: string;
  reqId?: string;
  eventId?: string;
  rpc?: string;
  msg?: string;
  path?: string;
  status?: number;
};
type Proc = { child: ChildProcess; lines: LogLine[] };

describeReal('one request id in the logs of every process that handles it (gateway and crm processes)', () => {
  // fetch refuses the WHATWG "bad ports"; this range holds none.
  const port = 8400 + Math.floor(Math.random() * 500);
  const ns = `trace${randomBytes(4).toString('hex')}`;
  const admin = { username: 'trace-admin', password: randomBytes(12).toString('base64url') };
  const base = `http://127.0.0.1:${port}`;
  const procs: Proc[] = [];
  let db: Awaited<ReturnType<typeof realDatabase>> | undefined;
  let env: Record<string, string>;

  const start = (name: string, extra: Record<string, string>): Proc => {
    const child = spawn('node', ['--import', 'tsx', 'scripts/run-service.ts', name], {
      cwd: ROOT,
      env: { ...env, ...extra },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const p: Proc = { child, lines: [] };
    let rest = '';
    child.stdout!.on('data', (b: Buffer) => {
      const text = rest + b.toString('utf8');
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts)
        try {
          p.lines.push(JSON.parse(line) as LogLine);
        } catch {
          // not a log line
        }
    });
    procs.push(p);
    return p;
  };
  const ready = (url: string) =>
    eventually(
      async () => ((await fetch(url).catch(() => null))?.status === 200 ? true : undefined),
      60_000,
      `${url} ready`,
    );

  let gateway: Proc;
  let crm: Proc;

  beforeAll(async () => {
    if ('unavailable' in real) return;
    db = await realDatabase(real.databaseUrl);
    env = productProcessEnv(
      { NATS_URL: real.natsUrl, DATABASE_URL: db.url, BUS_NAMESPACE: ns },
      {
        DB_POOL_MAX: '3',
        SPAM_MIN_FILL_MS: '0',
        COOKIE_SECURE: 'false',
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
      },
    );
    // crm logs at debug so its request handlers' "request answered" lines show too.
    crm = start('crm', { HEALTH_PORT: String(port + 1), LOG_LEVEL: 'debug' });
    await ready(`http://127.0.0.1:${port + 1}/readyz`);
    gateway = start('gateway', {
      PORT: String(port),
      HOST: '127.0.0.1',
      HEALTH_PORT: String(port + 2),
      LOG_LEVEL: 'info',
    });
    await ready(`${base}/readyz`);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(
      procs.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }),
    );
    if (!('unavailable' in real)) await deleteNamespace(real.natsUrl, ns).catch(() => {});
    await db?.drop().catch(() => {});
  });

  it('a contact form: the id the client sent is in the gateway lines and in the crm consumer lines', async () => {
    const reqId = `trace-${randomBytes(8).toString('hex')}`;
    const res = await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': reqId },
      body: JSON.stringify({ firstName: 'Trace', lastName: 'Id', phone: '928-555-0100', email: 'trace@example.com' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe(reqId);
    const { id: eventId } = (await res.json()) as { id: string };

    const stored = await eventually(
      async () => crm.lines.find((l) => l.reqId === reqId && l.msg === 'submission stored'),
      20_000,
      'crm logging the stored submission with the request id',
    );
    expect(stored).toMatchObject({ service: 'crm', eventId });
    // The two processes' pipes are read independently: wait for the gateway's lines too.
    const gatewayMsgs = await eventually(
      async () => {
        const mine = gateway.lines.filter((l) => l.reqId === reqId);
        return mine.some((l) => l.msg === 'request') ? mine : undefined;
      },
      10_000,
      'the gateway logging the request',
    );
    expect(gatewayMsgs.map((l) => l.msg)).toEqual(expect.arrayContaining(['submission accepted', 'request']));
    expect(gatewayMsgs.find((l) => l.msg === 'request')).toMatchObject({ path: '/api/contact', status: 201 });
    expect(gatewayMsgs.every((l) => l.service === 'gateway')).toBe(true);
  });

  it('a staff read: the id the gateway answered is in crm request handler lines', async () => {
    const login = await fetch(`${base}/api/marketing/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const res = await fetch(`${base}/api/marketing/submissions`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const reqId = res.headers.get('x-request-id');
    expect(reqId).toMatch(/^[\w-]{8,64}$/);
    const answered = await eventually(
      async () => crm.lines.find((l) => l.reqId === reqId && l.msg === 'request answered'),
      10_000,
      'crm logging the answered request with the request id',
    );
    expect(answered).toMatchObject({ service: 'crm', rpc: 'rpc.crm.submissions.page' });
    await eventually(
      async () =>
        gateway.lines.some((l) => l.reqId === reqId && l.msg === 'request' && l.status === 200) ? true : undefined,
      10_000,
      'the gateway logging the staff read',
    );
  });

  it('an incoming id that is not a plain token is replaced by one of the gateway', async () => {
    const res = await fetch(`${base}/api/no-such-route`, { headers: { 'x-request-id': 'bad id"}{' } });
    await res.arrayBuffer();
    const reqId = res.headers.get('x-request-id');
    expect(reqId).not.toBe('bad id"}{');
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

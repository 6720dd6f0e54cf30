/**
 * A journey's wait survives its mailer being killed: the product runs as separate processes
 * (a gateway, crm and mailer, each what `pnpm service <name>` runs) on the run's PostgreSQL (a
 * database of its own) and NATS (a namespace of its own), mailing an SMTP sink. A manual journey
 * send → wait → send lets in a list of 20 contacts; once every one has the first mail and waits,
 * the mailer is killed (kill -9) mid-wait:
 * - alone: a fresh mailer process is started and carries the journey on;
 * - one of two replicas (the one that ran the steps): the other carries on alone.
 * Either way every contact gets the second mail exactly once, its step run no sooner than the wait
 * after the first, and the journey's figures (GET /api/marketing/journeys/{id}) show each step
 * passed by all 20 and nobody waiting.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JourneyFormInput, JourneyWithStats, Template } from '@lp/contracts';
import { pnpmServiceArgs, productProcessEnv } from '../support/product-command.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { deleteNamespace, describeOnRealBackends, eventually, realDatabase } from '../support/stack.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN = { username: 'journey-kill-admin', password: 'Wait-through-it-2026' };
const CONTACTS = 20;
const WAIT_SECONDS = 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A loopback port free right now (the OS picks it). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

type Proc = { name: string; child: ChildProcess; exit: Promise<number | null>; healthPort: number };

describeOnRealBackends('a journey across a kill -9 of its mailer mid-wait (separate processes)', (real) => {
  const ns = `jkill${randomBytes(4).toString('hex')}`;
  let db: Awaited<ReturnType<typeof realDatabase>>;
  let client: pg.Client;
  let sink: SmtpSink;
  let env: Record<string, string>;
  let base: string;
  let token: string;
  const procs: Proc[] = [];

  const start = async (name: string, extra: Record<string, string> = {}): Promise<Proc> => {
    const healthPort = await freePort();
    // node with `pnpm service`'s arguments, without pnpm in between: the kill reaches the service.
    const child = spawn('node', pnpmServiceArgs(name), {
      cwd: ROOT,
      env: { ...env, HEALTH_PORT: String(healthPort), ...extra },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const p = { name, child, exit, healthPort };
    procs.push(p);
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} before it was ready`);
        return (await fetch(`http://127.0.0.1:${healthPort}/readyz`).catch(() => null))?.status === 200
          ? true
          : undefined;
      },
      60_000,
      `${name} on ${healthPort} ready`,
    );
    return p;
  };
  const startMailer = () => start('mailer', { SMTP_URL: sink.url, MAIL_SEND_RATE: '0' });
  const kill9 = async (p: Proc) => {
    p.child.kill('SIGKILL');
    await p.exit;
  };

  const api = async (path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${base}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  const read = async (id: number) => (await (await api(`/api/marketing/journeys/${id}`)).json()) as JourneyWithStats;
  const stepOf = (j: JourneyWithStats, stepId: string) => j.stats.steps.find((s) => s.stepId === stepId)!;
  /** The sink's messages to this run's contacts, per address, as subjects in arrival order. */
  const received = (tag: string) => {
    const by = new Map<string, string[]>();
    for (const m of sink.messages)
      if (m.to.endsWith(`@${tag}.journey-kill.test`)) by.set(m.to, [...(by.get(m.to) ?? []), String(m.parsed.subject)]);
    return by;
  };
  /** How many journey steps a mailer process ran, from its /metrics. */
  const stepsRun = async (p: Proc) => {
    const text = await (await fetch(`http://127.0.0.1:${p.healthPort}/metrics`)).text();
    return [...text.matchAll(/^mailer_journey_steps_total(?:\{[^}]*\})? (\d+)/gm)].reduce(
      (n, m) => n + Number(m[1]),
      0,
    );
  };

  beforeAll(async () => {
    db = await realDatabase(real.databaseUrl);
    sink = await startSmtpSink();
    env = productProcessEnv(
      { NATS_URL: real.natsUrl, BUS_NAMESPACE: ns, DATABASE_URL: db.url },
      {
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        DB_POOL_MAX: '4',
        BUS_ACK_WAIT_MS: '2000',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
      },
    );
    const migrate = spawn('node', ['--import', 'tsx', 'scripts/migrate.ts'], { cwd: ROOT, env, stdio: 'ignore' });
    expect(await new Promise((r) => migrate.once('exit', r))).toBe(0);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    await Promise.all([start('gateway', { PORT: String(port), HOST: '127.0.0.1' }), start('crm')]);
    await eventually(
      async () => ((await fetch(`${base}/readyz`).catch(() => null))?.status === 200 ? true : undefined),
      60_000,
      'the gateway ready',
    );
    const login = await fetch(`${base}/api/marketing/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  }, 180_000);

  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exit));
    await sink?.close();
    await client?.end().catch(() => {});
    await db?.drop().catch(() => {});
    await deleteNamespace(real.natsUrl, ns).catch(() => {});
  });

  /**
   * A list of CONTACTS subscribed contacts at `@<tag>.journey-kill.test`, two templates and the
   * journey send → wait → send, entered by the list; resolves once every contact has the first
   * mail (sent, as the mailer recorded it) and waits.
   */
  async function journeyWaitingFor(tag: string) {
    const { rows: list } = await client.query<{ id: number }>(`insert into crm.lists (name) values ($1) returning id`, [
      `Journey kill ${tag}`,
    ]);
    const listId = list[0]!.id;
    await client.query(
      `with c as (
         insert into crm.contacts (first_name, last_name, email, status, source)
         select 'P' || i, 'Kill', 'p' || i || '@' || $3 || '.journey-kill.test', 'subscribed', 'manual_entry'
           from generate_series(1, $1) i
         returning id)
       insert into crm.list_members (list_id, contact_id) select $2, id from c`,
      [CONTACTS, listId, tag],
    );
    const template = async (name: string) => {
      const res = await api('/api/marketing/templates', {
        body: { name: `${name} ${tag}`, subject: `${name} {{firstName}}`, content: `<p>${name}, {{firstName}}.</p>` },
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as Template).id;
    };
    const form: JourneyFormInput = {
      name: `Across a kill ${tag}`,
      trigger: { kind: 'manual' },
      steps: [
        { id: 'first', kind: 'send', templateId: await template('First') },
        { id: 'pause', kind: 'wait', seconds: WAIT_SECONDS },
        { id: 'second', kind: 'send', templateId: await template('Second') },
      ],
    };
    const created = await api('/api/marketing/journeys', { body: form });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as JourneyWithStats;
    const entered = await api(`/api/marketing/journeys/${id}/entries`, { body: { listId } });
    expect(entered.status).toBe(202);
    await eventually(
      async () => {
        const j = await read(id);
        const { rows } = await client.query<{ n: string }>(
          `select count(*) n from mailer.deliveries d
             join mailer.journey_send_campaigns s on s.campaign_id = d.campaign_id
            where s.journey_id = $1 and s.step_id = 'first' and d.status = 'sent'`,
          [id],
        );
        return stepOf(j, 'pause').waiting === CONTACTS && Number(rows[0]!.n) === CONTACTS ? true : undefined;
      },
      30_000,
      `all ${CONTACTS} mailed once and waiting`,
    );
    const at = received(tag);
    expect(at.size).toBe(CONTACTS);
    // Mid-wait: everyone has the first mail only.
    expect([...at.values()].every((m) => m.length === 1 && m[0]!.startsWith('First '))).toBe(true);
    return id;
  }

  /** Every contact got the first mail, then after the wait the second, once each; the figures agree. */
  async function expectCarriedOn(id: number, tag: string) {
    const done = await eventually(
      async () => {
        const j = await read(id);
        return j.stats.completed === CONTACTS ? j : undefined;
      },
      90_000,
      `all ${CONTACTS} through the journey`,
    );
    await eventually(
      async () => ([...received(tag).values()].every((m) => m.length >= 2) ? true : undefined),
      30_000,
      'every second mail at the sink',
    );
    await sleep(1500); // a late duplicate would show now
    const got = received(tag);
    const messages = [...got.values()].reduce((n, m) => n + m.length, 0);
    console.log(
      `[journey-kill] ${tag}: contacts ${CONTACTS} / messages ${messages} (expected ${2 * CONTACTS}) / completed ${done.stats.completed}`,
    );
    expect(got.size).toBe(CONTACTS);
    for (const [to, m] of got) {
      const name = to.split('@')[0]!.toUpperCase(); // p7@… is P7
      expect(m, to).toEqual([`First ${name}`, `Second ${name}`]);
    }
    // The wait held across the kill: each contact's second step ran no sooner than the wait after its first.
    const { rows: gaps } = await client.query<{ ms: number }>(
      `select extract(epoch from (s.ran_at - f.ran_at)) * 1000 as ms
         from mailer.journey_step_runs f
         join mailer.journey_step_runs s on s.entry_id = f.entry_id and s.step_id = 'second'
        where f.journey_id = $1 and f.step_id = 'first'`,
      [id],
    );
    expect(gaps).toHaveLength(CONTACTS);
    expect(Math.min(...gaps.map((g) => Number(g.ms)))).toBeGreaterThanOrEqual(WAIT_SECONDS * 1000 - 500);
    const j = await read(id);
    expect(j.stats.entered).toBe(CONTACTS);
    expect(j.stats.steps.map((s) => [s.stepId, s.passed, s.waiting])).toEqual([
      ['first', CONTACTS, 0],
      ['pause', CONTACTS, 0],
      ['second', CONTACTS, 0],
    ]);
  }

  it('a lone mailer killed mid-wait: a fresh process sends every contact the second mail once', async () => {
    const first = await startMailer();
    const id = await journeyWaitingFor('alone');
    await kill9(first);
    await startMailer();
    await expectCarriedOn(id, 'alone');
  }, 180_000);

  it('one of two mailer replicas killed mid-wait: the other carries on alone', async () => {
    const running = procs.filter(
      (p) => p.name === 'mailer' && p.child.exitCode === null && p.child.signalCode === null,
    );
    const pair = [...running, ...(await Promise.all(Array.from({ length: 2 - running.length }, startMailer)))];
    const before = await Promise.all(pair.map(stepsRun));
    const id = await journeyWaitingFor('pair');
    const after = await Promise.all(pair.map(stepsRun));
    // Kill the replica that ran the most of this journey's steps so far.
    const ran = after.map((n, i) => n - before[i]!);
    const victim = ran[0]! >= ran[1]! ? 0 : 1;
    console.log(`[journey-kill] pair: the replicas ran ${ran.join(' / ')} steps before the kill of #${victim + 1}`);
    await kill9(pair[victim]!);
    await expectCarriedOn(id, 'pair');
  }, 180_000);
});

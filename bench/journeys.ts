/**
 * `pnpm bench:journeys`: BENCH_CONTACTS contacts (default 100,000) enter a three-step journey —
 * send, wait 1 minute, send — on the product as it is deployed: the gateway, crm and mailer
 * (BENCH_MAILERS replicas, default 1) as separate `pnpm service` processes on PostgreSQL + NATS
 * JetStream (a database and a bus namespace of their own, removed after), the mail accepted by
 * an smtp-server sink in a process of its own. The contacts enter through the staff API
 * (`POST /api/marketing/journeys/{id}/entries` with their list: 202, then the mailer lets them
 * in a page at a time). It samples the step runs every
 * 250 ms and prints the engine's rate while it has due work — the first send for everyone (entry
 * → last first send recorded), then the wait's end and the second send (first wait passed →
 * last second send recorded) — and checks that every contact ran each step exactly once, that
 * each has exactly one delivery per send step, and that the sink got exactly 2 × N messages.
 * BENCH_DATABASE_URL / BENCH_NATS_URL choose the servers (default: the local ones).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, deleteNatsNamespace, sleep, startProcess, stopProcess } from './support/processes.ts';
import { pnpmServiceArgs } from '../tests/support/product-command.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const N = Number(process.env.BENCH_CONTACTS ?? 100_000);
const MAILERS = Number(process.env.BENCH_MAILERS ?? 1);
const WAIT_SECONDS = 60;
const PORT = 18000 + Math.floor(Math.random() * 1000) * 8;
const now = () => performance.timeOrigin + performance.now();

type SinkReport = { count: number; firstAt: number; lastAt: number };

async function startSink() {
  const child: ChildProcess = fork(new URL('./support/smtp-sink-process.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [{ url }] = (await once(child, 'message')) as [{ url: string }];
  return {
    url,
    accepted: async (n: number): Promise<SinkReport> => {
      const report = once(child, 'message') as Promise<[SinkReport]>;
      child.send({ waitFor: n });
      return (await report)[0];
    },
    close: async () => {
      child.send({ close: true });
      await once(child, 'exit');
    },
  };
}

const sink = await startSink();
const db = await createDatabase(ADMIN_URL, 'lp_bench_journeys');
const ns = `bjour${randomBytes(4).toString('hex')}`;
const password = randomBytes(12).toString('base64url');
const env: Record<string, string> = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: db.url,
  NATS_URL,
  BUS_NAMESPACE: ns,
  HOST: '127.0.0.1',
  PORT: String(PORT),
  COOKIE_SECURE: 'false',
  ADMIN_USERNAME: 'bench-admin',
  ADMIN_PASSWORD: password,
  SMTP_URL: sink.url,
  MAIL_SEND_RATE: '0',
};
const children: ChildProcess[] = [];
const service = async (name: string, healthPort: number) => {
  children.push(
    await startProcess(
      pnpmServiceArgs(name),
      { ...env, HEALTH_PORT: String(healthPort) },
      `http://127.0.0.1:${healthPort}/readyz`,
    ),
  );
};
const c = new pg.Client({ connectionString: db.url });
try {
  await service('crm', PORT + 1);
  for (let i = 0; i < MAILERS; i++) await service('mailer', PORT + 2 + i);
  await service('gateway', PORT + 7);
  await c.connect();
  const list = await c.query<{ id: number }>(`insert into crm.lists (name) values ('Bench') returning id`);
  const listId = list.rows[0]!.id;
  await c.query(
    `with people as (
       insert into crm.contacts (first_name, last_name, email, source)
       select 'P' || i, 'Bench', 'bench-' || i || '@example.com', 'bench' from generate_series(0, $1 - 1) i
       returning id)
     insert into crm.list_members (list_id, contact_id) select $2, id from people`,
    [N, listId],
  );

  const base = `http://127.0.0.1:${PORT}`;
  const login = await fetch(`${base}/api/marketing/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench-admin', password }),
  });
  const { token } = (await login.json()) as { token: string };
  const api = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  // The template is stored directly, as the contacts are: creating it is not what is measured.
  const template = (
    await c.query<{ id: number }>(
      `insert into mailer.templates (name, subject, content) values ('Bench', 'Hello {{firstName}}', $1) returning id`,
      ['<p>Hi {{firstName}}, new lots near Lake Powell. <a href="https://lakepowelllots.com/lots">See them</a></p>'],
    )
  ).rows[0]!;
  const journey = await api('/api/marketing/journeys', {
    name: 'Bench journey',
    trigger: { kind: 'manual' },
    steps: [
      { id: 'first', kind: 'send', templateId: template.id },
      { id: 'wait', kind: 'wait', seconds: WAIT_SECONDS },
      { id: 'second', kind: 'send', templateId: template.id },
    ],
  });
  const mail = sink.accepted(2 * N);
  const enteredAt = now();
  await api(`/api/marketing/journeys/${String(journey.id)}/entries`, { listId });
  let enterMs = 0;

  const reached: Record<string, { first?: number; all?: number }> = { first: {}, wait: {}, second: {} };
  for (;;) {
    const { rows } = await c.query<{ step_id: string; n: string }>(
      `select step_id, count(*) as n from mailer.journey_step_runs group by step_id`,
    );
    const t = now();
    if (!enterMs) {
      const { rows: e } = await c.query<{ n: string }>(`select count(*) as n from mailer.journey_entries`);
      if (Number(e[0]!.n) >= N) enterMs = t - enteredAt;
    }
    for (const r of rows) {
      const seen = reached[r.step_id]!;
      seen.first ??= t;
      if (Number(r.n) >= N) seen.all ??= t;
    }
    if (reached.second!.all) break;
    if (t - enteredAt > 30 * 60_000) throw new Error('the journey did not finish within 30 minutes');
    await sleep(250);
  }
  const firstMs = reached.first!.all! - enteredAt;
  const restMs = reached.second!.all! - reached.wait!.first!;
  const { lastAt } = await mail;
  await sleep(3000);
  const { count: messages } = await sink.accepted(0);

  const { rows: per } = await c.query<{ step_id: string; runs: string; entries: string }>(
    `select step_id, count(*) as runs, count(distinct entry_id) as entries from mailer.journey_step_runs group by step_id order by step_id`,
  );
  const { rows: deliveries } = await c.query<{ campaign_id: number; n: string; contacts: string }>(
    `select campaign_id, count(*) as n, count(distinct contact_id) as contacts from mailer.deliveries group by campaign_id`,
  );
  const { rows: states } = await c.query<{ state: string; n: string }>(
    `select state, count(*) as n from mailer.journey_entries group by state`,
  );
  const once = per.length === 3 && per.every((p) => Number(p.runs) === N && Number(p.entries) === N);
  const mailedOnce =
    deliveries.length === 2 &&
    deliveries.every((d) => Number(d.n) === N && Number(d.contacts) === N) &&
    messages === 2 * N;
  const rate = (steps: number, ms: number) => (steps / (ms / 1000)).toFixed(0);
  process.stdout.write(
    [
      `journeys benchmark: ${N} contacts, send → wait ${WAIT_SECONDS} s → send, ${MAILERS} mailer process(es), Postgres + NATS, SMTP sink`,
      `  entering (staff API → all ${N} entries stored; the engine runs the first ones meanwhile): ${enterMs.toFixed(0)} ms`,
      `  first send, all contacts   : ${firstMs.toFixed(0)} ms  ${rate(N, firstMs)} steps/s`,
      `  wait's end + second send   : ${restMs.toFixed(0)} ms  ${rate(2 * N, restMs)} steps/s`,
      `  engine rate while busy     : ${rate(3 * N, firstMs + restMs)} steps/s (target ≥ 2000)`,
      `  last message accepted      : ${((lastAt - enteredAt) / 1000).toFixed(1)} s after entering; ${messages} messages (expected ${2 * N})`,
      `  each step once per contact : ${once ? 'yes' : 'NO'} (${per.map((p) => `${p.step_id} ${p.runs}`).join(', ')})`,
      `  one delivery per send step : ${mailedOnce ? 'yes' : 'NO'}; entries ${states.map((s) => `${s.state} ${s.n}`).join(', ')}`,
      '',
    ].join('\n'),
  );
  if (!once || !mailedOnce) process.exitCode = 1;
} finally {
  await c.end().catch(() => {});
  for (const child of children.reverse()) await stopProcess(child);
  await deleteNatsNamespace(NATS_URL, ns).catch(() => {});
  await db.drop();
  await sink.close();
}

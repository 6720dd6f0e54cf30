/**
 * `pnpm bench:send`: a 10,000-recipient broadcast through the product as it is deployed — the
 * gateway, crm and mailer as separate `pnpm service` processes on PostgreSQL + NATS JetStream
 * (a database and a bus namespace of their own, removed after) — from `POST
 * /api/marketing/single-send` to the last message accepted by an smtp-server sink on loopback.
 * Beside it, in the same run, a bare nodemailer pooled loop sends the same 10,000 messages
 * (rendered beforehand by the product's own renderer) to the same sink. The sink runs in a process of its own, so neither side shares an event loop
 * with it. Both sides use the product's default pool (MAIL_SMTP_POOL, read from the product's
 * configuration, so setting it changes both) and no rate limit (MAIL_SEND_RATE=0). Prints both
 * rates and the ratio (target ≥ 0.8). For reference it also times the bare loop handed the
 * same messages already composed into raw bytes (the composition not timed): the product
 * composes each message itself and hands nodemailer the bytes (compose-raw-message.ts), so
 * that line shows how far the product is from nodemailer's sending alone.
 * BENCH_DATABASE_URL / BENCH_NATS_URL choose the servers (default: the local ones),
 * BENCH_RECIPIENTS the audience size, BENCH_PROFILE_DIR writes a CPU profile of the mailer there.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { site } from '@lp/contracts';
import { mailerSettings } from '@lp/mailer/config';
import { composeRawMessage, type RawMail } from '../services/mailer/src/sending/compose-raw-message.ts';
import { compileMessage, trackedLinksOf, type RenderedMessage } from '../services/mailer/src/sending/render-message.ts';
import { sanitizeEmailHtml } from '../services/mailer/src/templates/sanitize-email-html.ts';
import { createDatabase, deleteNatsNamespace, startProcess, stopProcess } from './support/processes.ts';
import { pnpmServiceArgs } from '../tests/support/product-command.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const N = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const POOL = mailerSettings.parse(process.env).MAIL_SMTP_POOL;
const PORT = 17000 + Math.floor(Math.random() * 1000) * 4;
const CONTENT =
  '<h1>Spring lots are here</h1><p>Hi {{firstName}}, new lots near Lake Powell are open for reservation.</p>' +
  '<p><a href="https://lakepowelllots.com/lots">See the lots</a></p>';
const SUBJECT = 'Spring lots, {{firstName}}';
const now = () => performance.timeOrigin + performance.now();

type SinkReport = { count: number; firstAt: number; lastAt: number };

/** The sink process: its URL, and `accepted(n)` resolving once n messages were accepted since the last reset. */
async function startSink() {
  const child: ChildProcess = fork(new URL('./support/smtp-sink-process.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [{ url }] = (await once(child, 'message')) as [{ url: string }];
  return {
    url,
    accepted: async (n: number, reset = false): Promise<SinkReport> => {
      const report = once(child, 'message') as Promise<[SinkReport]>;
      child.send({ reset, waitFor: n });
      return (await report)[0];
    },
    reset: () => child.send({ reset: true }),
    close: async () => {
      child.send({ close: true });
      await once(child, 'exit');
    },
  };
}

/**
 * The messages the product sends, built beforehand with its own renderer (the same campaign,
 * recipients, merge tags, tracked links, footer, pixel and headers), so the bare loop sends the
 * same 10,000 messages and only the sending is compared.
 */
function sameMessages(): RenderedMessage[] {
  const content = sanitizeEmailHtml(CONTENT);
  const render = compileMessage(
    {
      id: 1,
      name: 'Bench',
      subject: SUBJECT,
      fromName: site.brand,
      fromEmail: site.email,
      content,
      previewText: '',
      links: new Map(trackedLinksOf(content).map((url, i) => [url, i])),
      messageIdToken: randomBytes(16).toString('hex'),
    },
    { secret: randomBytes(32).toString('base64url'), publicUrl: 'https://lakepowelllots.com' },
  );
  return Array.from({ length: N }, (_, i) =>
    render({ deliveryId: i + 1, email: `bench-${i}@example.com`, firstName: `P${i}`, lastName: 'Bench' }),
  );
}

/**
 * The bare loop. `precomposed`: the messages are composed into their raw bytes beforehand
 * (outside the timing, by the product's composer), so the loop measures nodemailer's SMTP
 * sending alone: the floor under any sender built on nodemailer, printed for reference.
 */
async function bareLoop(
  url: string,
  accepted: (n: number) => Promise<SinkReport>,
  precomposed = false,
): Promise<number> {
  const messages: (RenderedMessage | RawMail)[] = precomposed
    ? sameMessages().map((m) => composeRawMessage(m))
    : sameMessages();
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: POOL, maxMessages: Infinity });
  const done = accepted(N);
  const started = now();
  await Promise.all(messages.map((m) => transport.sendMail(m)));
  const { lastAt } = await done;
  transport.close();
  return lastAt - started;
}

async function product(
  sinkUrl: string,
  accepted: (n: number) => Promise<SinkReport>,
): Promise<{ ms: number; firstMs: number }> {
  const db = await createDatabase(ADMIN_URL, 'lp_bench_send');
  const ns = `bsend${randomBytes(4).toString('hex')}`;
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
    SMTP_URL: sinkUrl,
    MAIL_SEND_RATE: '0',
    MAIL_SMTP_POOL: String(POOL),
  };
  const children: ChildProcess[] = [];
  const service = async (name: string, healthPort: number, nodeArgs: string[] = []) => {
    const child = await startProcess(
      pnpmServiceArgs(name, nodeArgs),
      { ...env, HEALTH_PORT: String(healthPort) },
      `http://127.0.0.1:${healthPort}/readyz`,
    );
    children.push(child);
  };
  try {
    const profile = process.env.BENCH_PROFILE_DIR;
    await service('crm', PORT + 1);
    await service('mailer', PORT + 2, profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []);
    await service('gateway', PORT + 3);

    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const list = await c.query<{ id: number }>(`insert into crm.lists (name) values ('Bench') returning id`);
    await c.query(
      `with people as (
         insert into crm.contacts (first_name, last_name, email, source)
         select 'P' || i, 'Bench', 'bench-' || i || '@example.com', 'bench' from generate_series(0, $1 - 1) i
         returning id)
       insert into crm.list_members (list_id, contact_id) select $2, id from people`,
      [N, list.rows[0]!.id],
    );
    await c.end();

    const base = `http://127.0.0.1:${PORT}`;
    const login = await fetch(`${base}/api/marketing/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench-admin', password }),
    });
    const { token } = (await login.json()) as { token: string };
    const done = accepted(N);
    const started = now();
    const res = await fetch(`${base}/api/marketing/single-send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        listId: list.rows[0]!.id,
        subject: SUBJECT,
        fromName: site.brand,
        fromEmail: site.email,
        content: CONTENT,
      }),
    });
    if (res.status !== 202) throw new Error(`single-send answered ${res.status}: ${await res.text()}`);
    const { firstAt, lastAt } = await done;
    return { ms: lastAt - started, firstMs: firstAt - started };
  } finally {
    for (const child of children.reverse()) await stopProcess(child);
    await deleteNatsNamespace(NATS_URL, ns).catch(() => {});
    await db.drop();
  }
}

const sink = await startSink();
try {
  const bareMs = await bareLoop(sink.url, (n) => sink.accepted(n, true));
  const { ms: productMs, firstMs } = await product(sink.url, (n) => sink.accepted(n, true));
  const rawMs = await bareLoop(sink.url, (n) => sink.accepted(n, true), true);
  const rate = (ms: number) => N / (ms / 1000);
  process.stdout.write(
    [
      `send benchmark: ${N} recipients, ${POOL} pooled SMTP connections (MAIL_SMTP_POOL), sink in its own process`,
      `  bare nodemailer pooled loop   : ${bareMs.toFixed(0)} ms  ${rate(bareMs).toFixed(0)} msg/s`,
      `  product (gateway, crm, mailer processes; Postgres + NATS): ${productMs.toFixed(0)} ms  ${rate(productMs).toFixed(0)} msg/s  (send request → last message accepted)`,
      `  first message accepted after  : ${firstMs.toFixed(0)} ms (audience resolved, delivery rows written)`,
      `  ratio product / bare          : ${(rate(productMs) / rate(bareMs)).toFixed(2)} (target ≥ 0.80)`,
      `  for reference, the bare loop handed pre-composed raw messages (composition not timed): ${rawMs.toFixed(0)} ms  ${rate(rawMs).toFixed(0)} msg/s;` +
        ` product / that floor ${(rate(productMs) / rate(rawMs)).toFixed(2)}`,
      `  (the product composes each message itself, compose-raw-message.ts, and hands nodemailer the bytes; the bare loop lets nodemailer compose)`,
      '',
    ].join('\n'),
  );
} finally {
  await sink.close();
}

/**
 * `pnpm bench:send`: a 10,000-recipient broadcast through the product — `POST
 * /api/marketing/single-send` → MAIL stream → mailer → crm audience → delivery rows → pooled
 * nodemailer — to an smtp-server sink on loopback, timed from the send request to the last
 * message accepted by the sink. Beside it, in the same run, a bare nodemailer pooled loop
 * sending the same 10,000 messages to the same sink. Both use MAIL_SMTP_POOL connections
 * (default 5) and no rate limit. Prints both rates and the ratio (target ≥ 0.8).
 * Backends: Postgres + NATS when BENCH_DATABASE_URL and BENCH_NATS_URL are set (a scratch
 * database and bus namespace, removed after), else the embedded ones (PGlite, in-process bus).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { site } from '@lp/contracts';
import { GatewayConfigSchema, startPlatform } from '@lp/gateway';
import { createLogger, parseConfig } from '@lp/runtime';
import { ALL_SERVICES } from '../scripts/services.ts';

const N = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const POOL = Number(process.env.MAIL_SMTP_POOL ?? 5);
const CONTENT =
  '<h1>Spring lots are here</h1><p>Hi {{firstName}}, new lots near Lake Powell are open for reservation.</p>' +
  '<p><a href="https://lakepowelllots.com/lots">See the lots</a></p>';

/** A sink that accepts everything and counts; `waitFor(n)` resolves when n messages were accepted. */
async function startSink() {
  let count = 0;
  let firstAt = 0;
  let waiter: { n: number; resolve: () => void } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _s, cb) {
      stream.on('data', () => {});
      stream.on('end', () => {
        if (count++ === 0) firstAt = performance.now();
        if (waiter && count >= waiter.n) waiter.resolve();
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    reset: () => (count = 0),
    firstAt: () => firstAt,
    waitFor: (n: number) => new Promise<void>((resolve) => (count >= n ? resolve() : (waiter = { n, resolve }))),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function bareLoop(url: string): Promise<number> {
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: POOL, maxMessages: Infinity });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: N }, (_, i) =>
      transport.sendMail({
        from: { name: site.brand, address: site.email },
        to: `bench-${i}@example.com`,
        subject: `Spring lots, P${i}`,
        html: CONTENT.replace('{{firstName}}', `P${i}`),
        text: 'Spring lots are here',
        headers: { 'List-Unsubscribe': '<https://lakepowelllots.com/unsubscribe/x>' },
      }),
    ),
  );
  const ms = performance.now() - started;
  transport.close();
  return ms;
}

async function product(
  sinkUrl: string,
  waitFor: (n: number) => Promise<void>,
  firstAt: () => number,
): Promise<{ ms: number; firstMs: number }> {
  const admin = { username: 'bench-admin', password: randomBytes(12).toString('base64url') };
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    SMTP_URL: sinkUrl,
    MAIL_SEND_RATE: '0',
    MAIL_SMTP_POOL: String(POOL),
  };
  const cleanups: (() => Promise<void>)[] = [];
  const dbUrl = process.env.BENCH_DATABASE_URL;
  const natsUrl = process.env.BENCH_NATS_URL;
  if (dbUrl && natsUrl) {
    const name = `lp_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: dbUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(dbUrl);
    url.pathname = `/${name}`;
    Object.assign(env, { DATABASE_URL: url.toString(), NATS_URL: natsUrl, BUS_NAMESPACE: name });
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'lp-bench-send-'));
    env.DATA_DIR = dir;
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  }
  const config = parseConfig(GatewayConfigSchema, env);
  const platform = await startPlatform({
    config,
    log: createLogger('bench', 'warn'),
    services: ALL_SERVICES,
    webDist: join(tmpdir(), 'no-web-dist'),
  });
  try {
    const knex = platform.db.knex;
    const [list] = await knex
      .withSchema('crm')
      .table('lists')
      .insert({ name: 'Bench' })
      .returning<{ id: number }[]>('id');
    for (let i = 0; i < N; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, N - i) }, (_, j) => ({
        first_name: `P${i + j}`,
        last_name: 'Bench',
        email: `bench-${i + j}@example.com`,
        source: 'bench',
      }));
      const ids = await knex.withSchema('crm').table('contacts').insert(rows).returning<{ id: number }[]>('id');
      await knex
        .withSchema('crm')
        .table('list_members')
        .insert(ids.map((c) => ({ list_id: list!.id, contact_id: c.id })));
    }
    const login = await fetch(`${platform.url}/api/marketing/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { token } = (await login.json()) as { token: string };
    const started = performance.now();
    const res = await fetch(`${platform.url}/api/marketing/single-send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        listId: list!.id,
        subject: 'Spring lots, {{firstName}}',
        fromName: site.brand,
        fromEmail: site.email,
        content: CONTENT,
      }),
    });
    if (res.status !== 202) throw new Error(`single-send answered ${res.status}: ${await res.text()}`);
    await waitFor(N);
    return { ms: performance.now() - started, firstMs: firstAt() - started };
  } finally {
    await platform.stop();
    for (const c of cleanups) await c();
  }
}

const sink = await startSink();
const bareMs = await bareLoop(sink.url);
sink.reset();
const { ms: productMs, firstMs } = await product(sink.url, sink.waitFor, sink.firstAt);
await sink.close();
const rate = (ms: number) => N / (ms / 1000);
const backend = process.env.BENCH_DATABASE_URL && process.env.BENCH_NATS_URL ? 'Postgres + NATS' : 'embedded (PGlite)';
process.stdout.write(
  [
    `send benchmark: ${N} recipients, ${POOL} pooled SMTP connections, smtp-server sink on loopback`,
    `  bare nodemailer pooled loop : ${bareMs.toFixed(0)} ms  ${rate(bareMs).toFixed(0)} msg/s`,
    `  product (${backend}) : ${productMs.toFixed(0)} ms  ${rate(productMs).toFixed(0)} msg/s  (send request → last message accepted)`,
    `  first message accepted after: ${firstMs.toFixed(0)} ms (audience resolved, delivery rows written)`,
    `  ratio product / bare        : ${(rate(productMs) / rate(bareMs)).toFixed(2)} (target ≥ 0.80)`,
    '',
  ].join('\n'),
);
process.exit(0);

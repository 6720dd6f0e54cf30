/**
 * The distributed topology under faults, each service a separate OS process started the way
 * `pnpm service <name>` starts it (a gateway, two analytics and two crm replicas), on a
 * nats-server and a PostgreSQL database this test owns (its own port and store; a database of
 * its own reached through a TCP hop it can cut; the shared servers are never touched). A mixed
 * load of form submissions, page-view pixels and tracker events runs through each scenario, and
 * a 100,000-row CSV import through the kill -9 one; the replicas of a service are first seen
 * sharing the work, from each one's `bus_messages_handled_total`:
 * - kill -9 one analytics and one crm replica mid-load: nothing lost, nothing stored twice;
 * - restart nats-server mid-load: every process reconnects by itself, submissions during the
 *   outage get 503 (never a false 201), every 201 is stored;
 * - PostgreSQL unreachable for PG_CUT_MS (default 30 s) mid-load: consumers retry, afterwards
 *   every acknowledged submission and hit is stored exactly once;
 * - kill -9 one of two mailer replicas mid-broadcast (to an SMTP sink), then start it again:
 *   every recipient gets exactly one message, except the messages the killed replica had handed
 *   to SMTP and not yet confirmed (at most MAIL_SMTP_POOL × MAIL_SMTP_PIPELINE), which the mailer marks `unknown`
 *   and never resends blindly: each of those recipients got at most one; when staff then send
 *   those again, every recipient has the message;
 * - SIGTERM to each process: exit code 0 within 10 s.
 * Each scenario prints sent / acknowledged / stored / duplicates per kind (stored may exceed
 * acknowledged by a submission answered 503 whose publish reached JetStream after all: the
 * visitor's retry with the same Idempotency-Key is then the same row).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CampaignDetail } from '@lp/contracts';
import { CuttableProxy } from '../support/cuttable-proxy.ts';
import { pnpmServiceArgs } from '../support/product-command.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { eventually, realDatabase } from '../support/stack.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const real = inject('realBackends');
const describeReal = 'unavailable' in real ? describe.skip : describe;
const PG_CUT_MS = Number(process.env.PG_CUT_MS ?? 30_000);
const MAIL_POOL = 2;
const MAIL_PIPELINE = 2;
const ADMIN = { username: 'faults-admin', password: 'Cut-the-wire-2026' };

type Proc = { name: string; child: ChildProcess; exit: Promise<number | null>; healthPort: number };

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeReal('the distributed topology under faults (separate processes, own NATS and database)', () => {
  const natsPort = 4300 + Math.floor(Math.random() * 600);
  // fetch refuses the WHATWG "bad ports" (5060, 5061, 6000, 6566, 6665–6669, …): these ranges hold none.
  const gatewayPort = 7100 + Math.floor(Math.random() * 500);
  const healthBase = gatewayPort + 1000;
  const natsDir = mkdtempSync(join(tmpdir(), 'lp-faults-nats-'));
  let nats: ChildProcess | undefined;
  let db: Awaited<ReturnType<typeof realDatabase>>;
  let pgHop: CuttableProxy;
  let client: pg.Client;
  const procs: Proc[] = [];
  const base = `http://127.0.0.1:${gatewayPort}`;
  let env: Record<string, string>;

  const startNats = async () => {
    nats = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', natsDir], {
      stdio: 'ignore',
    });
    await eventually(async () => ((await portOpen(natsPort)) ? true : undefined), 10_000, 'nats-server listening');
  };
  const stopNats = async () => {
    const n = nats;
    if (!n || n.exitCode !== null) return;
    const exited = new Promise((r) => n.once('exit', r));
    n.kill('SIGTERM');
    await exited;
  };

  const startProcess = (name: string, extra: Record<string, string> = {}): Proc => {
    // What `pnpm service <name>` runs (its node arguments from package.json), without pnpm in
    // between (so a signal reaches the service).
    const healthPort = healthBase + procs.length;
    const child = spawn('node', pnpmServiceArgs(name), {
      cwd: ROOT,
      env: { ...env, HEALTH_PORT: String(healthPort), ...extra },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const p = { name, child, exit, healthPort };
    procs.push(p);
    return p;
  };

  beforeAll(async () => {
    if ('unavailable' in real) return;
    db = await realDatabase(real.databaseUrl);
    const dbUrl = new URL(db.url);
    pgHop = new CuttableProxy({ host: dbUrl.hostname, port: Number(dbUrl.port || 5432) });
    await pgHop.up();
    const viaHop = new URL(db.url);
    viaHop.hostname = '127.0.0.1';
    viaHop.port = String(pgHop.port);
    await startNats();
    env = {
      ...(process.env as Record<string, string>),
      NODE_OPTIONS: '',
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
      DATABASE_URL: viaHop.toString(),
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DB_POOL_MAX: '4',
      BUS_ACK_WAIT_MS: '3000',
      TRUST_PROXY: 'true',
      CONTACT_RATE_LIMIT: '10000',
      SPAM_MIN_FILL_MS: '0',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    };
    const migrate = spawn('node', ['--import', 'tsx', 'scripts/migrate.ts'], { cwd: ROOT, env, stdio: 'ignore' });
    expect(await new Promise((r) => migrate.once('exit', r))).toBe(0);
    startProcess('gateway', { PORT: String(gatewayPort), HOST: '127.0.0.1' });
    for (const name of ['analytics', 'analytics', 'crm', 'crm']) startProcess(name);
    await eventually(
      async () => ((await fetch(`${base}/readyz`).catch(() => null))?.status === 200 ? true : undefined),
      60_000,
      'the gateway ready',
    );
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  }, 180_000);

  let sink: SmtpSink | undefined;
  afterAll(async () => {
    await sink?.close();
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await client?.end().catch(() => {});
    await stopNats().catch(() => {});
    await pgHop?.down();
    await db?.drop().catch(() => {});
    rmSync(natsDir, { recursive: true, force: true });
  });

  type Tally = { sent: number; acked: number; refused: number; failed: number };
  /** Runs a mixed load until `stop()` says so; each submission and hit is tagged with the scenario. */
  async function load(tag: string, stop: () => boolean) {
    const forms: Tally = { sent: 0, acked: 0, refused: 0, failed: 0 };
    const pixels: Tally = { sent: 0, acked: 0, refused: 0, failed: 0 };
    const events: Tally = { sent: 0, acked: 0, refused: 0, failed: 0 };
    const ackedForms = new Set<string>();
    const ackedPixels = new Set<string>();
    const ackedEvents = new Set<string>();
    const hit = async (url: string, ip: string, t: Tally, acked: Set<string>, key: string) => {
      t.sent++;
      try {
        const res = await fetch(url, {
          // A browser's user agent: hits without one are screened out as bots.
          headers: { 'x-forwarded-for': ip, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0' },
          signal: AbortSignal.timeout(15_000),
        });
        await res.arrayBuffer();
        if (res.status === 200 && !res.headers.get('x-pixel-dropped')) {
          t.acked++;
          acked.add(key);
        } else if (res.status === 503) t.refused++;
        else t.failed++;
      } catch {
        t.failed++;
      }
    };
    let n = 0;
    const worker = async () => {
      while (!stop()) {
        const i = n++;
        const ip = `198.51.${(i >> 8) & 255}.${i & 255}`;
        if (i % 2 === 0) {
          const email = `${tag}-${i}@faults.example`;
          forms.sent++;
          try {
            const res = await fetch(`${base}/api/contact`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'x-forwarded-for': ip,
                'idempotency-key': `${tag}-${i}-key`,
              },
              body: JSON.stringify({ firstName: 'Fault', lastName: tag, phone: '928-555-0100', email }),
              signal: AbortSignal.timeout(15_000),
            });
            await res.arrayBuffer();
            if (res.status === 201) {
              forms.acked++;
              ackedForms.add(email);
            } else if (res.status === 503) forms.refused++;
            else forms.failed++;
          } catch {
            forms.failed++;
          }
        } else if (i % 4 === 1) {
          const path = `/faults/${tag}/${i}`;
          const url = `${base}/api/analytics/pixel?p=${encodeURIComponent(path)}&sid=${tag}-s${i % 7}`;
          await hit(url, ip, pixels, ackedPixels, path);
        } else {
          // A tracker event (a map click, a call button) on the same sessions.
          const name = `${tag}-event-${i}`;
          const url = `${base}/api/analytics/event-pixel?n=${encodeURIComponent(name)}&c=faults&sid=${tag}-s${i % 7}`;
          await hit(url, ip, events, ackedEvents, name);
        }
        await sleep(10);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    return { forms, pixels, events, ackedForms, ackedPixels, ackedEvents };
  }

  /** Waits until every acknowledged submission and hit is stored, then counts and prints. */
  async function settle(tag: string, result: Awaited<ReturnType<typeof load>>) {
    const count = async () => {
      const f = await client.query<{ n: string; d: string; acked: string }>(
        `select count(*) n, count(distinct email) d, count(*) filter (where email = any($2)) acked
           from crm.form_submissions where last_name = $1`,
        [tag, [...result.ackedForms]],
      );
      const p = await client.query<{ n: string; d: string; acked: string }>(
        `select count(*) n, count(distinct path) d, count(distinct path) filter (where path = any($2)) acked
           from analytics.page_views where path like $1`,
        [`/faults/${tag}/%`, [...result.ackedPixels]],
      );
      const e = await client.query<{ n: string; d: string; acked: string }>(
        `select count(*) n, count(distinct name) d, count(distinct name) filter (where name = any($2)) acked
           from analytics.events where name like $1`,
        [`${tag}-event-%`, [...result.ackedEvents]],
      );
      return { forms: f.rows[0]!, pixels: p.rows[0]!, events: e.rows[0]! };
    };
    const stored = await eventually(
      async () => {
        const c = await count();
        return Number(c.forms.acked) >= result.ackedForms.size &&
          Number(c.pixels.acked) >= result.ackedPixels.size &&
          Number(c.events.acked) >= result.ackedEvents.size
          ? c
          : undefined;
      },
      90_000,
      `${tag}: every acknowledged submission and hit stored`,
    );
    await sleep(1500); // a late duplicate would show now
    const final = await count();
    for (const [kind, t, s] of [
      ['submissions', result.forms, final.forms],
      ['pixel hits', result.pixels, final.pixels],
      ['tracker events', result.events, final.events],
    ] as const)
      console.log(
        `[faults] ${tag} ${kind}: sent ${t.sent} / acknowledged ${t.acked} / stored ${s.n} / duplicates ${Number(s.n) - Number(s.d)}` +
          (t.refused ? ` (503 refused ${t.refused})` : '') +
          (t.failed ? ` (other ${t.failed})` : ''),
      );
    expect(Number(final.forms.n) - Number(final.forms.d), `${tag} duplicate submissions`).toBe(0);
    expect(Number(final.pixels.n) - Number(final.pixels.d), `${tag} duplicate hits`).toBe(0);
    expect(Number(final.events.n) - Number(final.events.d), `${tag} duplicate events`).toBe(0);
    void stored;
    return final;
  }

  /** Messages a process's consumers handled so far (its /metrics on HEALTH_PORT). */
  const handled = async (p: Proc) => {
    const text = await (await fetch(`http://127.0.0.1:${p.healthPort}/metrics`)).text();
    return [...text.matchAll(/^bus_messages_handled_total\{[^}]*\} (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
  };

  it('kill -9 of one analytics and one crm replica mid-load loses nothing and stores nothing twice', async () => {
    let done = false;
    const running = load('kill9', () => done);
    // A CSV import runs through the kill too: crm replicas take its chunks in turn.
    const login = await fetch(`${base}/api/marketing/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const IMPORT_ROWS = 100_000;
    const csv = ['Email Address,First Name,Last Name']
      .concat(Array.from({ length: IMPORT_ROWS }, (_, i) => `import-${i}@kill9.faults.example,Row,${i}`))
      .join('\n');
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
    const importing = fetch(`${base}/api/marketing/contacts/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
      signal: AbortSignal.timeout(120_000),
    });
    let importAnswered = false;
    void importing.then(() => (importAnswered = true)).catch(() => {});
    await sleep(1500);
    // The replicas share the work: each one of each service has handled messages.
    for (const name of ['analytics', 'crm']) {
      const replicas = procs.filter((p) => p.name === name);
      const counts = await eventually(
        async () => {
          const c = await Promise.all(replicas.map(handled));
          return c.every((n) => n > 0) ? c : undefined;
        },
        10_000,
        `every ${name} replica handling messages`,
      );
      console.log(`[faults] ${name} replicas handled ${counts.join(' / ')} messages`);
    }
    const importRunningAtKill = !importAnswered;
    for (const name of ['analytics', 'crm'])
      procs.find((p) => p.name === name && p.child.exitCode === null)!.child.kill('SIGKILL');
    await sleep(2500);
    done = true;
    const result = await running;
    expect(result.forms.acked).toBeGreaterThan(10);
    expect(result.pixels.acked).toBeGreaterThan(10);
    expect(result.forms.failed + result.pixels.failed + result.events.failed).toBe(0);
    await settle('kill9', result);
    const imported = await importing;
    expect(imported.status, await imported.clone().text()).toBe(200);
    const answer = (await imported.json()) as { imported: number; updated: number; skipped: number };
    const { rows } = await client.query<{ n: string; d: string }>(
      `select count(*) n, count(distinct lower(email)) d from crm.contacts where email like '%@kill9.faults.example'`,
    );
    console.log(
      `[faults] kill9 CSV import rows: sent ${IMPORT_ROWS} / acknowledged ${answer.imported + answer.updated} / stored ${rows[0]!.n} / duplicates ${Number(rows[0]!.n) - Number(rows[0]!.d)}` +
        ` (${importRunningAtKill ? 'still importing at the kill' : 'done before the kill'})`,
    );
    expect(answer.imported + answer.updated).toBe(IMPORT_ROWS);
    expect(Number(rows[0]!.n)).toBe(IMPORT_ROWS);
    expect(Number(rows[0]!.d)).toBe(IMPORT_ROWS);
  }, 180_000);

  it('a nats-server restart mid-load: processes reconnect, outage submissions get 503, every 201 is stored', async () => {
    let done = false;
    const running = load('natsrestart', () => done);
    await sleep(1500);
    await stopNats();
    await sleep(2000);
    await startNats();
    await eventually(
      async () => ((await fetch(`${base}/readyz`).catch(() => null))?.status === 200 ? true : undefined),
      30_000,
      'the gateway ready again',
    );
    await sleep(1500);
    done = true;
    const result = await running;
    expect(result.forms.failed).toBe(0);
    await settle('natsrestart', result);
  }, 150_000);

  it(
    `PostgreSQL unreachable for ${PG_CUT_MS / 1000} s mid-load: consumers retry, then every acknowledged one is stored once`,
    async () => {
      let done = false;
      const running = load('pgcut', () => done);
      await sleep(1000);
      await pgHop.down();
      await sleep(PG_CUT_MS);
      await pgHop.up();
      await sleep(1000);
      done = true;
      const result = await running;
      // Submissions and hits go to JetStream, not PostgreSQL: the outage is invisible to visitors.
      expect(result.forms.acked).toBeGreaterThan(10);
      await settle('pgcut', result);
    },
    PG_CUT_MS + 150_000,
  );

  it('kill -9 of one of two mailer replicas mid-send, then a restart: nobody gets a message twice, unknown-fate ones are not resent', async () => {
    sink = await startSmtpSink({ parse: false });
    // Slow enough per replica that the broadcast is still going when one is killed.
    const mailerEnv = {
      SMTP_URL: sink.url,
      MAIL_SMTP_POOL: String(MAIL_POOL),
      MAIL_SMTP_PIPELINE: String(MAIL_PIPELINE),
      MAIL_SEND_RATE: '25',
    };
    const ready = (p: Proc) =>
      eventually(
        async () =>
          (await fetch(`http://127.0.0.1:${p.healthPort}/readyz`).catch(() => null))?.status === 200 ? true : undefined,
        60_000,
        `${p.name} on ${p.healthPort} ready`,
      );
    const mailers = [startProcess('mailer', mailerEnv), startProcess('mailer', mailerEnv)];
    await Promise.all(mailers.map(ready));

    const recipients = 300;
    const { rows: list } = await client.query<{ id: number }>(
      `insert into crm.lists (name) values ('Mailer faults') returning id`,
    );
    await client.query(
      `with c as (
         insert into crm.contacts (first_name, last_name, email, source)
         select 'P' || i, 'Mailerfault', 'mailerfault-' || i || '@faults.example', 'test' from generate_series(1, $1) i
         returning id)
       insert into crm.list_members (list_id, contact_id) select $2, id from c`,
      [recipients, list[0]!.id],
    );
    const login = await fetch(`${base}/api/marketing/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const sent = await fetch(`${base}/api/marketing/single-send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        listId: list[0]!.id,
        subject: 'Lots by the lake, {{firstName}}',
        fromName: 'Lake Powell Lots',
        fromEmail: 'news@faults.example',
        content: '<p>Hello {{firstName}}</p>',
      }),
    });
    expect(sent.status).toBe(202);
    const { campaignId } = (await sent.json()) as { campaignId: number };
    const campaign = async () =>
      (await (
        await fetch(`${base}/api/marketing/campaigns/${campaignId}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as CampaignDetail;
    const receivedBy = () => {
      const counts = new Map<string, number>();
      for (const m of sink!.messages)
        if (m.to.startsWith('mailerfault-')) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
      return counts;
    };

    // Both replicas send, then one is killed mid-send.
    await eventually(
      async () => {
        const { rows } = await client.query<{ n: string }>(
          `select count(distinct d.claimed_by) n from mailer.deliveries d join mailer.campaigns c on c.id = d.campaign_id
            where c.id = $1 and d.status = 'sent'`,
          [campaignId],
        );
        return Number(rows[0]!.n) >= 2 && receivedBy().size >= 60 ? true : undefined;
      },
      30_000,
      'both mailer replicas sending',
    );
    const victim = mailers[0]!;
    victim.child.kill('SIGKILL');
    await victim.exit;
    const atKill = receivedBy().size;
    expect(atKill).toBeLessThan(recipients);
    const restarted = startProcess('mailer', mailerEnv);
    await ready(restarted);

    // The killed replica's rows are swept once its heartbeat is 10 s old; the campaign then completes.
    const done = await eventually(
      async () => {
        const c = await campaign();
        return c.status === 'completed' ? c : undefined;
      },
      60_000,
      'the broadcast completed',
    );
    await sleep(1500); // a late resend would show now
    const counts = receivedBy();
    const { rows } = await client.query<{ email: string; status: string }>(
      `select d.email, d.status from mailer.deliveries d join mailer.campaigns c on c.id = d.campaign_id
        where c.id = $1`,
      [campaignId],
    );
    // sent: recipients of the broadcast; acknowledged: deliveries the mailer marked sent; stored:
    // messages the SMTP sink accepted; duplicates: messages beyond one per recipient.
    const messages = [...counts.values()].reduce((n, c) => n + c, 0);
    const unknown = rows.filter((r) => r.status === 'unknown');
    const acknowledged = rows.filter((r) => r.status === 'sent');
    console.log(
      `[faults] mailer kill9 messages: sent ${rows.length} / acknowledged ${acknowledged.length} / stored ${messages} / duplicates ${messages - counts.size}` +
        ` (${atKill} received before the kill; unknown fate ${unknown.length}, of which ${unknown.filter((r) => counts.has(r.email)).length} reached the sink)`,
    );
    expect(rows).toHaveLength(recipients);
    // Nobody got a message twice: not the ones sent before the kill, not the unknown-fate ones.
    expect(messages - counts.size, 'recipients mailed twice').toBe(0);
    // Every delivery confirmed sent reached its recipient exactly once.
    expect(acknowledged.every((r) => counts.get(r.email) === 1)).toBe(true);
    // The only other outcome is 'unknown' (handed to SMTP when the sender died), at most MAIL_PIPELINE
    // per pooled connection of the killed replica, shown on the campaign and never resent.
    expect(rows.every((r) => r.status === 'sent' || r.status === 'unknown')).toBe(true);
    expect(unknown.length).toBeLessThanOrEqual(MAIL_POOL * MAIL_PIPELINE);
    expect(rows.filter((r) => !counts.has(r.email)).every((r) => r.status === 'unknown')).toBe(true);
    expect(done.deliveries.unknown ?? 0).toBe(unknown.length);
    expect(done.sent_count).toBe(acknowledged.length);

    // Staff then decide to send the unknown-fate ones again (the campaign page warns that a
    // recipient may get two): afterwards every recipient has the message, and a second copy can
    // only go to an unknown-fate recipient the server had in fact taken before the kill.
    if (unknown.length > 0) {
      const resent = await fetch(`${base}/api/marketing/campaigns/${done.id}/resend-unknown`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(resent.status).toBe(200);
      await eventually(
        async () => {
          const c = await campaign();
          return c.status === 'completed' && (c.deliveries.unknown ?? 0) === 0 ? c : undefined;
        },
        30_000,
        'the unknown-fate messages sent again',
      );
      await sleep(1000);
    }
    const after = receivedBy();
    const total = [...after.values()].reduce((n, c) => n + c, 0);
    const reachedBefore = new Set(unknown.filter((r) => counts.has(r.email)).map((r) => r.email));
    console.log(
      `[faults] mailer kill9 after staff sent the unknown-fate ones again: recipients ${after.size} of ${recipients} / stored ${total} / duplicates ${total - after.size} (possible: ${reachedBefore.size})`,
    );
    expect(after.size).toBe(recipients);
    expect([...after].filter(([email, n]) => n > 1 && !reachedBefore.has(email))).toEqual([]);
  }, 180_000);

  it('SIGTERM to each process: it exits 0 within 10 s', async () => {
    const alive = procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
    expect(alive.map((p) => p.name).sort()).toEqual(['analytics', 'crm', 'gateway', 'mailer', 'mailer']);
    const started = Date.now();
    const exits = alive.map(async (p) => {
      const timer = sleep(10_000).then(() => 'timeout' as const);
      p.child.kill('SIGTERM');
      const code = await Promise.race([p.exit, timer]);
      console.log(`[faults] SIGTERM ${p.name}: exit ${String(code)} after ${Date.now() - started} ms`);
      return code;
    });
    expect(await Promise.all(exits)).toEqual(alive.map(() => 0));
  }, 30_000);
});

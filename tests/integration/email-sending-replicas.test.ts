/**
 * The mailer as separate processes on the real backends (NATS + Postgres), as production runs
 * it: two replicas share one campaign without mailing anyone twice, and a mailer killed
 * mid-send (SIGKILL) and started again finishes the campaign without resending: every
 * recipient gets exactly one message, except the at most MAIL_SMTP_POOL × MAIL_SMTP_PIPELINE messages that were
 * handed to SMTP and not yet confirmed at the kill, which are marked 'unknown' and never resent blindly.
 * An A/B subject test the same way: two replicas send the test groups, both look for the winner
 * when its time comes (one decides), one is killed while the rest goes out and a fresh one
 * finishes: nobody gets both variants, the rest gets the winner's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { site, type CampaignDetail } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { ALL_SERVICES } from '../../scripts/services.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { backendsUnderTest, eventually, startStack, type Stack } from '../support/stack.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const POOL = 2;
const PIPELINE = 3;
const real = backendsUnderTest().find((b) => b.backend === 'real')!;

describe.skipIf(Boolean(real.skip))('mailer processes (real backends)', () => {
  let stack: Stack;
  let sink: SmtpSink;
  let token: string;
  let knex: Knex;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    sink = await startSmtpSink({ parse: false });
    stack = await startStack({ backend: 'real', services: ALL_SERVICES.filter((s) => s.name !== 'mailer') });
    token = await stack.login();
    knex = stack.platform.db.knex;
  });
  afterEach(() => {
    for (const c of children) c.kill('SIGKILL');
    children.clear();
  });
  afterAll(async () => {
    await stack?.stop();
    await sink?.close();
  });

  /** One mailer process (`services/mailer/src/main.ts`), resolved once it says it is ready. */
  const startMailer = (rate: number) =>
    new Promise<ChildProcess>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'services/mailer/src/main.ts'], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          NATS_URL: stack.env.NATS_URL,
          DATABASE_URL: stack.env.DATABASE_URL,
          BUS_NAMESPACE: stack.env.BUS_NAMESPACE,
          BUS_ACK_WAIT_MS: '2000',
          DB_POOL_MAX: '4',
          SMTP_URL: sink.url,
          MAIL_SMTP_POOL: String(POOL),
          MAIL_SMTP_PIPELINE: String(PIPELINE),
          MAIL_SEND_RATE: String(rate),
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.add(child);
      let out = '';
      child.stdout!.on('data', (b: Buffer) => {
        out += b.toString();
        if (out.includes('"msg":"ready"')) resolve(child);
      });
      child.once('exit', (code) => reject(new Error(`mailer exited with ${code} before ready`)));
    });

  const addList = async (name: string, n: number) => {
    const [list] = await knex.withSchema('crm').table('lists').insert({ name }).returning<{ id: number }[]>('id');
    const people = Array.from({ length: n }, (_, i) => ({
      first_name: `P${i}`,
      last_name: name,
      email: `${name.toLowerCase()}-${i}@example.com`,
      source: 'test',
    }));
    const ids = await knex.withSchema('crm').table('contacts').insert(people).returning<{ id: number }[]>('id');
    await knex
      .withSchema('crm')
      .table('list_members')
      .insert(ids.map((c) => ({ list_id: list!.id, contact_id: c.id })));
    return list!.id;
  };
  const send = async (listId: number) => {
    const res = await stack.api('/api/marketing/single-send', {
      token,
      body: {
        listId,
        subject: 'Hi {{firstName}}',
        fromName: site.brand,
        fromEmail: site.email,
        content: '<p>Hello</p>',
      },
    });
    expect(res.status).toBe(202);
    return ((await res.json()) as { campaignId: number }).campaignId;
  };
  const campaign = async (id: number) =>
    (await (await stack.api(`/api/marketing/campaigns/${id}`, { token })).json()) as CampaignDetail;
  const completed = (id: number, timeoutMs: number) =>
    eventually(async () => ((await campaign(id)).status === 'completed' ? campaign(id) : undefined), timeoutMs);
  const receivedBy = (prefix: string) => {
    const counts = new Map<string, number>();
    for (const m of sink.messages) if (m.to.startsWith(prefix)) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
    return counts;
  };

  it('two replicas share one campaign and mail nobody twice', async () => {
    // Slow enough that one replica alone would need several idle polls' time: both must take part.
    await Promise.all([startMailer(40), startMailer(40)]);
    const listId = await addList('Pair', 300);
    const id = await send(listId);
    const done = await completed(id, 30_000);
    expect(done.sent_count).toBe(300);
    const counts = receivedBy('pair-');
    expect(counts.size).toBe(300);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    // MAIL_SEND_RATE holds: two replicas at 40 messages per second each need about 3.75 s for 300.
    const times = sink.messages.filter((m) => m.to.startsWith('pair-')).map((m) => m.at);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(2500);
    const senders = await knex
      .withSchema('mailer')
      .table('deliveries')
      .where({ campaign_id: done.id })
      .distinct('claimed_by');
    expect(senders).toHaveLength(2);
  });

  it('a mailer killed mid-send and restarted finishes without resending', async () => {
    const first = await startMailer(100);
    const listId = await addList('Crash', 300);
    const id = await send(listId);
    await eventually(async () => (receivedBy('crash-').size >= 60 ? true : undefined), 20_000, '60 messages');
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const atKill = receivedBy('crash-').size;
    expect(atKill).toBeLessThan(300);
    await startMailer(500);
    const done = await completed(id, 40_000);
    const counts = receivedBy('crash-');
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const rows = (await knex
      .withSchema('mailer')
      .table('deliveries')
      .where({ campaign_id: done.id })
      .select('email', 'status')) as { email: string; status: string }[];
    const unknown = rows.filter((r) => r.status === 'unknown');
    expect(unknown.length).toBeLessThanOrEqual(POOL * PIPELINE);
    expect(rows.filter((r) => r.status === 'sent').every((r) => counts.get(r.email) === 1)).toBe(true);
    expect(rows.every((r) => r.status === 'sent' || r.status === 'unknown')).toBe(true);
    // Nobody is left out but the unknown-fate ones, shown as such on the campaign.
    expect(rows.filter((r) => !counts.has(r.email)).every((r) => r.status === 'unknown')).toBe(true);
    expect(done.deliveries.unknown).toBe(unknown.length);
  });

  const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1]?.trim();

  it('sends each recipient one message of their group’s variant, the rest the winner, across a kill', async () => {
    const [doomed] = await Promise.all([startMailer(40), startMailer(40)]);
    const listId = await addList('Abkill', 300);
    const res = await stack.api('/api/marketing/single-send', {
      token,
      body: {
        listId,
        subject: 'Variant A lots',
        fromName: site.brand,
        fromEmail: site.email,
        content: '<p>Hello</p>',
        abTest: { variantB: { subject: 'Variant B lots' }, testShare: 20, winnerBy: 'opens', decideAfterHours: 1 },
      },
    });
    expect(res.status).toBe(202);
    const { campaignId: id } = (await res.json()) as { campaignId: number };
    const mine = () => sink.messages.filter((m) => m.to.startsWith('abkill-'));
    await eventually(async () => (mine().length >= 120 ? true : undefined), 20_000, 'the test groups');
    await new Promise((r) => setTimeout(r, 1500));
    expect(mine()).toHaveLength(120);
    // Its time comes: both replicas look; one decides (no opens: a tie, A wins).
    await knex.withSchema('mailer').table('campaigns').where({ id }).update({ ab_decide_at: knex.fn.now() });
    await eventually(async () => (mine().length >= 150 ? true : undefined), 20_000, 'the rest to start');
    doomed!.kill('SIGKILL');
    await new Promise((r) => doomed!.once('exit', r));
    expect(mine().length).toBeLessThan(300);
    await startMailer(500);
    const done = await completed(id, 40_000);
    expect(done.abTest).toMatchObject({ winner: 'a', decidedBy: 'auto' });

    const got = new Map<string, string[]>();
    for (const m of mine()) got.set(m.to, [...(got.get(m.to) ?? []), subjectOf(m.raw)!]);
    const rows = (await knex
      .withSchema('mailer')
      .table('deliveries')
      .where({ campaign_id: id })
      .select('email', 'status', 'variant')) as { email: string; status: string; variant: string }[];
    expect(rows).toHaveLength(300);
    const groups = rows.reduce<Record<string, number>>((n, r) => ({ ...n, [r.variant]: (n[r.variant] ?? 0) + 1 }), {});
    expect(groups).toEqual({ a: 60, b: 60, rest: 180 });
    const expected = { a: 'Variant A lots', b: 'Variant B lots', rest: 'Variant A lots' } as Record<string, string>;
    for (const r of rows) {
      const subjects = got.get(r.email) ?? [];
      expect(subjects.length).toBeLessThanOrEqual(1);
      if (r.status === 'sent') expect(subjects).toEqual([expected[r.variant]]);
      else expect(r.status).toBe('unknown');
      // An unknown one may have arrived, but only ever as its own group's variant.
      if (subjects.length) expect(subjects[0]).toBe(expected[r.variant]);
    }
    expect(rows.filter((r) => r.status === 'unknown').length).toBeLessThanOrEqual(POOL * PIPELINE);
  });
});

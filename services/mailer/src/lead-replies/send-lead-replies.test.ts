/**
 * Each new lead answered once on the mailer's own tables (PGlite): one reply and one alert per
 * submission however often the event comes and however many handlers take it at once; nothing
 * claimed while the relay is away (the redelivery sends it); the interest's reply off, a
 * suppressed address, submissions from before the settings, round robin.
 */
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventMeta, type LeadReplySaveInput, type SubmissionReceived } from '@lp/contracts';
import { createLogger, Counters, migrate, openPglite, type Bus, type Database } from '@lp/runtime';
import { mailerSettings } from '../config.ts';
import type { RawMail } from '../sending/compose-raw-message.ts';
import type { MailTransport } from '../weekly-report/send-weekly-report.ts';
import { readLeadReplySettings, saveLeadReplySettings } from './lead-replies-store.ts';
import { LeadSendDeferred, sendLeadReplies } from './send-lead-replies.ts';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));

const submission = (
  over: Partial<SubmissionReceived['submission']> = {},
  id = crypto.randomUUID(),
): SubmissionReceived => ({
  ...eventMeta(id),
  idempotencyKey: `key-${id}`,
  submission: {
    firstName: 'Ada',
    lastName: 'Buyer',
    phone: '555-123-4567',
    email: 'ada@example.com',
    interest: 'Available Lots',
    message: 'Is <lot 7> still available?',
    source: 'lot-page',
    topic: null,
    page: '/lots/7',
    sessionId: null,
    lotNumber: 7,
    country: 'US',
    region: 'Arizona',
    city: 'Page',
    ...over,
  },
});

describe('answering a new lead', () => {
  let db: Database;
  let deps: Parameters<typeof sendLeadReplies>[0];
  let templateId: number;
  const sent: RawMail[] = [];
  let relayUp = true;
  const sink: MailTransport = {
    sendMail: async (m) => {
      if (!relayUp)
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET', originalCode: 'ECONNREFUSED' });
      sent.push(m);
      return {};
    },
  };
  // crm and inventory over the bus: one unsubscribed contact, lot 7.
  const bus = {
    request: async (subject: string, input: unknown) => {
      if (subject === 'rpc.crm.contacts.match-emails') {
        const { emails } = input as { emails: string[] };
        return {
          ok: true,
          data: { matches: emails.includes('gone@example.com') ? [{ email: emails[0], contactId: 9 }] : [] },
        };
      }
      if (subject === 'rpc.crm.contacts.get') {
        const at = new Date().toISOString();
        return {
          ok: true,
          data: {
            ...{ id: 9, email: 'gone@example.com', firstName: null, lastName: null, phone: null },
            ...{ status: 'unsubscribed', source: 'manual_entry', metadata: { address: null, notes: null } },
            ...{ tags: [], customFields: {}, createdAt: at, updatedAt: at, version: 1 },
          },
        };
      }
      if (subject === 'rpc.inventory.lots.list')
        return {
          ok: true,
          data: {
            lots: [
              {
                number: 7,
                block: 'A',
                status: 'available',
                tags: [],
                sizeSqFt: 12000,
                price: 89000,
                description: '',
                outline: { path: 'M0 0', label: { x: 0, y: 0 } },
                updatedAt: '',
              },
            ],
            lastModified: '',
          },
        };
      throw new Error(`unexpected ${subject}`);
    },
  } as unknown as Bus;

  const settings = (over: Partial<LeadReplySaveInput> = {}): LeadReplySaveInput => ({
    replies: {
      lot: { enabled: true, templateId },
      home: { enabled: false, templateId: null },
      builder_package: { enabled: false, templateId: null },
      investment: { enabled: false, templateId: null },
      general: { enabled: false, templateId: null },
    },
    alert: {
      enabled: true,
      mode: 'all',
      recipients: [
        { staffId: 1, username: 'owner', email: 'owner@example.com' },
        { staffId: null, username: null, email: 'sales@example.com' },
      ],
    },
    updatedBy: 'owner',
    ...over,
  });
  const STAFF = new Set(['owner@example.com', 'sales@example.com']);
  const to = (kind: 'reply' | 'alert') =>
    sent.map((m) => m.envelope.to[0]!).filter((address) => STAFF.has(address) === (kind === 'alert'));

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db.knex, 'mailer', MIGRATIONS);
    const [row] = (await db.knex
      .withSchema('mailer')
      .table('templates')
      .insert({
        name: 'Lot reply',
        subject: 'About lot {{lotNumber}}, {{firstName}}',
        description: '',
        content:
          '<p>Hi {{firstName}}, lot {{lotNumber}} ({{lotSize}}, {{lotPrice}}): {{lotUrl}}. You wrote: {{message}}</p>',
        preview_text: '',
        category: 'Leads',
      })
      .returning('id')) as { id: number }[];
    templateId = row!.id;
    deps = {
      knex: db.knex,
      bus,
      log: createLogger('lead-replies-test', 'silent'),
      counters: new Counters(),
      settings: mailerSettings.parse({ MAIL_PUBLIC_URL: 'https://lots.example' }),
    };
    // Submissions in these tests are all made after the settings.
    await db.knex.withSchema('mailer').table('lead_reply_settings').update({ active_from: '2026-01-01T00:00:00Z' });
  }, 60_000);
  afterAll(() => db?.close());

  beforeEach(async () => {
    sent.length = 0;
    relayUp = true;
    await saveLeadReplySettings(db.knex, settings());
  });

  it('sends one reply and one alert per recipient, once, however often the submission comes', async () => {
    const event = submission();
    expect(await sendLeadReplies(deps, sink, event)).toEqual({ interest: 'lot', reply: 'sent', alert: 'sent' });
    // Redelivered, or the form posted again with the same key (the same event id).
    expect(await sendLeadReplies(deps, sink, event)).toEqual({
      interest: 'lot',
      reply: 'sent_before',
      alert: 'sent_before',
    });
    expect(await sendLeadReplies(deps, sink, { ...event, occurredAt: new Date().toISOString() })).toMatchObject({
      reply: 'sent_before',
    });
    expect(to('reply')).toEqual(['ada@example.com']);
    expect(to('alert').sort()).toEqual(['owner@example.com', 'sales@example.com']);
    const reply = await simpleParser(sent.find((m) => m.envelope.to[0] === 'ada@example.com')!.raw);
    expect(reply.subject).toBe('About lot 7, Ada');
    expect(reply.headers.get('auto-submitted')).toBe('auto-replied');
    expect(reply.text).toContain('lot 7 (12,000 sq ft, $89,000): https://lots.example/lots/7');
    expect(reply.html).toContain('You wrote: Is &lt;lot 7&gt; still available?');
    const alert = await simpleParser(sent.find((m) => m.envelope.to[0] === 'owner@example.com')!.raw);
    expect(alert.subject).toBe('New lead (Lots): Ada Buyer');
    expect(alert.replyTo?.text).toBe('ada@example.com');
    expect(alert.text).toContain('Location: Page, Arizona, US');
    expect(alert.text).toContain('https://lots.example/marketing/contacts?q=ada%40example.com');
  });

  it('lets exactly one of several handlers taking the same submission at once send it', async () => {
    const event = submission();
    const results = await Promise.allSettled([1, 2, 3].map(() => sendLeadReplies(deps, sink, event)));
    const done = results.filter((r) => r.status === 'fulfilled');
    const deferred = results.filter((r) => r.status === 'rejected');
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const r of deferred) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(LeadSendDeferred);
    // The deferred ones are redelivered later: nothing more goes out.
    for (let i = 0; i < deferred.length; i++) await sendLeadReplies(deps, sink, event);
    expect(to('reply')).toEqual(['ada@example.com']);
    expect(to('alert')).toHaveLength(2);
  });

  it('claims nothing while the relay is away, and sends on the redelivery', async () => {
    const event = submission();
    relayUp = false;
    await expect(sendLeadReplies(deps, sink, event)).rejects.toBeInstanceOf(LeadSendDeferred);
    expect(await db.knex.withSchema('mailer').table('lead_reply_sends').where({ submission_id: event.id })).toEqual([]);
    relayUp = true;
    expect(await sendLeadReplies(deps, sink, event)).toMatchObject({ reply: 'sent', alert: 'sent' });
    expect(to('reply')).toEqual(['ada@example.com']);
  });

  it('never resends a message whose sender stopped before the relay answered, and waits for one in flight', async () => {
    const stopped = submission();
    await db.knex
      .withSchema('mailer')
      .table('lead_reply_sends')
      .insert({ submission_id: stopped.id, kind: 'reply', interest: 'lot', claimed_at: '2026-01-02T00:00:00Z' });
    expect(await sendLeadReplies(deps, sink, stopped)).toMatchObject({ reply: 'unknown', alert: 'sent' });
    const inFlight = submission();
    await db.knex
      .withSchema('mailer')
      .table('lead_reply_sends')
      .insert({ submission_id: inFlight.id, kind: 'reply', interest: 'lot' });
    await expect(sendLeadReplies(deps, sink, inFlight)).rejects.toBeInstanceOf(LeadSendDeferred);
    expect(to('reply')).toEqual([]);
  });

  it('sends no reply when the interest is off or the address suppressed, and alerts staff all the same', async () => {
    await saveLeadReplySettings(
      db.knex,
      settings({ replies: { ...settings().replies, lot: { enabled: false, templateId } } }),
    );
    expect(await sendLeadReplies(deps, sink, submission())).toMatchObject({ reply: 'off', alert: 'sent' });
    await saveLeadReplySettings(db.knex, settings());
    expect(await sendLeadReplies(deps, sink, submission({ email: 'gone@example.com' }))).toMatchObject({
      reply: 'suppressed',
      alert: 'sent',
    });
    expect(to('reply')).toEqual([]);
    expect(to('alert')).toHaveLength(4);
  });

  it('passes over submissions from before the settings existed (the new durable replays the stream)', async () => {
    const old = { ...submission(), occurredAt: '2025-12-31T23:00:00.000Z' };
    expect(await sendLeadReplies(deps, sink, old)).toMatchObject({
      reply: 'before_settings',
      alert: 'before_settings',
    });
    expect(sent).toEqual([]);
  });

  it('sends the alert without the visit history when analytics does not answer, and says so', async () => {
    // The fake bus answers no analytics request.
    const event = submission({ sessionId: 'session-1', email: 'tracked@example.com' });
    expect(await sendLeadReplies(deps, sink, event)).toMatchObject({ alert: 'sent' });
    const alert = await simpleParser(sent.find((m) => m.envelope.to[0] === 'sales@example.com')!.raw);
    expect(alert.text).toContain('Visit history: Not available: analytics did not answer in time');
    expect(alert.text).toContain('Email: tracked@example.com');
  });

  it('alerts one recipient per lead in turn in round robin', async () => {
    await saveLeadReplySettings(db.knex, settings({ alert: { ...settings().alert, mode: 'round_robin' } }));
    for (let i = 0; i < 4; i++)
      await sendLeadReplies(deps, sink, submission({ interest: 'Other', lotNumber: null, source: 'home' }));
    const alerts = to('alert');
    expect(alerts).toHaveLength(4);
    expect(alerts[0]).not.toBe(alerts[1]);
    expect(alerts[0]).toBe(alerts[2]);
    expect((await readLeadReplySettings(db.knex)).alert.mode).toBe('round_robin');
  });
});

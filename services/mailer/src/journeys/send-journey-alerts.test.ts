/**
 * Journeys' staff alerts on the mailer's own tables (PGlite): queued once per entry and step with
 * the recipients chosen then (round-robin turns durable across passes), each sent once however
 * many passes run; nothing claimed while crm or the relay is away (sent later); a claim a crash
 * left is marked unknown and never resent; analytics away: sent, saying so.
 */
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JourneyStep } from '@lp/contracts';
import { createLogger, Counters, migrate, openPglite, type Bus, type Database } from '@lp/runtime';
import { mailerSettings } from '../config.ts';
import type { RawMail } from '../sending/compose-raw-message.ts';
import type { MailTransport } from '../weekly-report/send-weekly-report.ts';
import { queueAlerts } from './journey-alerts-store.ts';
import { sendJourneyAlerts } from './send-journey-alerts.ts';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));
type AlertStep = Extract<JourneyStep, { kind: 'alert_staff' }>;
const step = (roundRobin: boolean): AlertStep => ({
  id: 'tell',
  kind: 'alert_staff',
  roundRobin,
  recipients: [
    { staffId: 1, email: 'ann@example.com' },
    { staffId: 2, email: 'ben@example.com' },
  ],
});

describe('a journey’s staff alerts', () => {
  let db: Database;
  let deps: Parameters<typeof sendJourneyAlerts>[0];
  let journeyId: number;
  const sent: RawMail[] = [];
  let relayUp = true;
  let crmUp = true;
  const transport: MailTransport = {
    sendMail: async (m) => {
      if (!relayUp)
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET', originalCode: 'ECONNREFUSED' });
      sent.push(m);
      return {};
    },
  };
  // crm answers (when up); analytics never does.
  const bus = {
    request: async (subject: string, input: unknown) => {
      if (subject === 'rpc.crm.contact-lead-facts.get' && crmUp) {
        const { contactId } = input as { contactId: number };
        return {
          ok: true,
          data: {
            contact: {
              id: contactId,
              email: `c${contactId}@example.com`,
              firstName: 'Ada',
              lastName: 'Lake',
              phone: null,
            },
            lastSubmission: {
              ...{ submittedAt: '2026-11-20T10:00:00.000Z', sessionId: 's1', source: 'home', page: '/' },
              ...{ lotNumber: null, country: 'US', region: null, city: null },
            },
          },
        };
      }
      throw new Error(`no responder for ${subject}`);
    },
  } as unknown as Bus;

  let nextContact = 1;
  /** An entry of the journey and its alert step run now (as the engine's transaction queues it). */
  const run = async (s: AlertStep) => {
    const contactId = nextContact++;
    const [entry] = (await db.knex
      .withSchema('mailer')
      .table('journey_entries')
      .insert({
        journey_id: journeyId,
        entry_key: `k${contactId}`,
        contact_id: contactId,
        email: `c${contactId}@example.com`,
      })
      .returning('id')) as { id: string | number }[];
    const e = {
      id: Number(entry!.id),
      journey_id: journeyId,
      contact_id: contactId,
      email: `c${contactId}@example.com`,
      first_name: 'Ada',
      last_name: 'Lake',
      lot_number: null,
    };
    return db.knex.transaction((trx) => queueAlerts(trx, [{ entry: e, step: s }]));
  };
  const pass = () => sendJourneyAlerts(deps, transport, 20);
  const rows = () =>
    db.knex.withSchema('mailer').table('journey_alerts').orderBy('id') as Promise<
      { id: number; entry_id: string | number; status: string; recipients: string[] }[]
    >;

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db.knex, 'mailer', MIGRATIONS);
    deps = {
      knex: db.knex,
      bus,
      log: createLogger('journey-alerts-test', 'silent'),
      counters: new Counters(),
      settings: mailerSettings.parse({ MAIL_PUBLIC_URL: 'https://lots.example' }),
    };
  }, 60_000);
  afterAll(() => db?.close());

  beforeEach(async () => {
    sent.length = 0;
    relayUp = true;
    crmUp = true;
    await db.knex.withSchema('mailer').table('journeys').delete();
    const [j] = (await db.knex
      .withSchema('mailer')
      .table('journeys')
      .insert({ name: 'Hot leads', trigger: JSON.stringify({ kind: 'manual' }), steps: '[]', trigger_kind: 'manual' })
      .returning('id')) as { id: number }[];
    journeyId = j!.id;
  });

  it('mails every recipient once per alert, however many passes run', async () => {
    expect(await run(step(false))).toBe(1);
    await pass();
    await pass();
    expect(sent.map((m) => m.envelope.to[0])).toEqual(['ann@example.com', 'ben@example.com']);
    expect((await rows()).map((r) => r.status)).toEqual(['sent']);
    const mail = await simpleParser(sent[0]!.raw);
    expect(mail.subject).toBe('Journey alert (Hot leads): Ada Lake');
    expect(mail.text).toContain('Visit history: Not available: analytics did not answer in time');
    expect(mail.text).toContain('https://lots.example/marketing/contacts?q=c');
  });

  it('round-robin: one recipient per alert in turn, the turns kept across passes', async () => {
    for (let i = 0; i < 3; i++) await run(step(true));
    await pass();
    expect(sent.map((m) => m.envelope.to[0])).toEqual(['ann@example.com', 'ben@example.com', 'ann@example.com']);
  });

  it('queues an entry’s alert once (the step run again adds none)', async () => {
    await run(step(false));
    const [a] = await rows();
    const again = await db.knex.transaction((trx) =>
      queueAlerts(trx, [
        {
          entry: {
            id: Number(a!.entry_id),
            journey_id: journeyId,
            contact_id: 1,
            email: 'x@example.com',
            first_name: '',
            last_name: '',
            lot_number: null,
          },
          step: step(false),
        },
      ]),
    );
    expect(again).toBe(0);
    expect(await rows()).toHaveLength(1);
  });

  it('claims nothing while crm or the relay is away, and sends it once they are back', async () => {
    await run(step(false));
    crmUp = false;
    await pass();
    expect((await rows())[0]).toMatchObject({ status: 'pending' });
    crmUp = true;
    relayUp = false;
    await db.knex.withSchema('mailer').table('journey_alerts').update({ next_attempt_at: db.knex.fn.now() });
    await pass();
    expect(sent).toEqual([]);
    expect((await rows())[0]).toMatchObject({ status: 'pending' });
    // Not before its back-off.
    relayUp = true;
    await pass();
    expect(sent).toEqual([]);
    await db.knex.withSchema('mailer').table('journey_alerts').update({ next_attempt_at: db.knex.fn.now() });
    await pass();
    expect(sent).toHaveLength(2);
    expect((await rows())[0]).toMatchObject({ status: 'sent' });
  });

  it('marks a claim a crash left as unknown and never sends it again', async () => {
    await run(step(false));
    await db.knex
      .withSchema('mailer')
      .table('journey_alerts')
      .update({ status: 'sending', claimed_at: db.knex.raw("now() - interval '3 minutes'") });
    await pass();
    expect(sent).toEqual([]);
    expect((await rows())[0]).toMatchObject({ status: 'unknown' });
    await pass();
    expect(sent).toEqual([]);
  });
});

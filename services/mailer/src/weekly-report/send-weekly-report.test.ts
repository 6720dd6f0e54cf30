/**
 * The weekly report's sending on the mailer's own tables (PGlite): once per week whatever the
 * number of senders or looks, nothing claimed while a figure's owner does not answer (tried
 * again at the next look), the week given back when the relay is away, and the outbox without SMTP.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AppError,
  createLogger,
  migrate,
  openPglite,
  parseConfig,
  RuntimeConfigSchema,
  type Bus,
  type Database,
} from '@lp/runtime';
import { mailerSettings } from '../config.ts';
import type { RawMail } from '../sending/compose-raw-message.ts';
import type { WeeklyReportFigures } from './gather-report-figures.ts';
import { sendDueWeeklyReport, type MailTransport } from './send-weekly-report.ts';
import { latestReport, saveSettings } from './weekly-report-store.ts';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));
// Monday 30 November 2026, 09:00 in Phoenix: the 08:00 slot has begun.
const NOW = new Date('2026-11-30T16:00:00Z');

const figures = (slotDay: string): WeeklyReportFigures => ({
  period: { from: '2026-11-23', to: '2026-11-29', days: 7 },
  previous: { from: '2026-11-16', to: '2026-11-22', days: 7 },
  visits: { now: 120, before: 100 },
  visitors: { now: 90, before: 80 },
  pageviews: { now: 400, before: 380 },
  leads: { now: 6, before: slotDay === '2026-11-30' ? 4 : 0 },
  sources: [{ source: 'google.com', visits: { now: 60, before: 50 }, leads: 3 }],
  lots: [
    { number: 7, leads: { now: 2, before: 1 }, mapClicks: { now: 5, before: 5 }, pageViews: { now: 30, before: 20 } },
  ],
});

describe('sending the weekly report', () => {
  let db: Database;
  let deps: Parameters<typeof sendDueWeeklyReport>[0];
  const sent: RawMail[] = [];
  const sink: MailTransport = {
    sendMail: async (m) => {
      sent.push(m);
      return {};
    },
  };
  const gather = async (_deps: unknown, slotDay: string) => figures(slotDay);

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db.knex, 'mailer', MIGRATIONS);
    deps = {
      knex: db.knex,
      // The figures are gathered by `gather` here; nothing asks the bus.
      bus: {} as Bus,
      log: createLogger('weekly-report-test', 'silent'),
      config: parseConfig(RuntimeConfigSchema, { SITE_TIME_ZONE: 'America/Phoenix' }),
      settings: mailerSettings.parse({ MAIL_PUBLIC_URL: 'https://lots.example' }),
    };
  }, 60_000);
  afterAll(() => db?.close());

  beforeEach(async () => {
    sent.length = 0;
    await db.knex.withSchema('mailer').table('weekly_reports').delete();
    await saveSettings(db.knex, {
      enabled: true,
      weekday: 1,
      hour: 8,
      recipients: [
        { staffId: 1, username: 'owner', email: 'owner@example.com' },
        { staffId: 2, username: 'sam', email: 'sam@example.com' },
      ],
      updatedBy: 'owner',
    });
    // Set long before the slot, as an owner would have done weeks ago.
    await db.knex
      .withSchema('mailer')
      .table('weekly_report_settings')
      .update({ schedule_from: '2026-11-01T00:00:00Z' });
  });

  it('sends one message per recipient once, however many senders look and however often', async () => {
    const steps = await Promise.all([
      sendDueWeeklyReport(deps, sink, crypto.randomUUID(), NOW, gather),
      sendDueWeeklyReport(deps, sink, crypto.randomUUID(), NOW, gather),
      sendDueWeeklyReport(deps, sink, crypto.randomUUID(), NOW, gather),
    ]);
    expect(steps.filter((s) => s === 'settled')).toHaveLength(1);
    expect(sent.map((m) => m.envelope.to).sort()).toEqual([['owner@example.com'], ['sam@example.com']]);
    // Later in the same week (a restart, the next look): nothing more.
    const later = new Date('2026-12-03T20:00:00Z');
    expect(await sendDueWeeklyReport(deps, sink, crypto.randomUUID(), later, gather)).toBe('sent_before');
    expect(sent).toHaveLength(2);
    expect(await latestReport(db.knex)).toMatchObject({
      slotDay: '2026-11-30',
      from: '2026-11-23',
      to: '2026-11-29',
      status: 'sent',
      sentTo: 2,
      detail: null,
    });
    // The next week's slot is a new report.
    expect(await sendDueWeeklyReport(deps, sink, crypto.randomUUID(), new Date('2026-12-07T15:00:00Z'), gather)).toBe(
      'settled',
    );
    expect(sent).toHaveLength(4);
  });

  it('claims nothing while a figure does not come, and sends at the next look', async () => {
    const away = () => Promise.reject(new AppError(503, 'unavailable', 'The service is temporarily unavailable.'));
    await expect(sendDueWeeklyReport(deps, sink, crypto.randomUUID(), NOW, away)).rejects.toThrow(/unavailable/);
    expect(await latestReport(db.knex)).toBeNull();
    expect(await sendDueWeeklyReport(deps, sink, crypto.randomUUID(), NOW, gather)).toBe('settled');
    expect(sent).toHaveLength(2);
  });

  it('gives the week back when the relay is not there for anyone, and keeps the outcome of a refused recipient', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), {
      code: 'ECONNECTION',
      originalCode: 'ECONNREFUSED',
    });
    const away: MailTransport = { sendMail: () => Promise.reject(refused) };
    expect(await sendDueWeeklyReport(deps, away, crypto.randomUUID(), NOW, gather)).toBe('relay_away');
    expect(await latestReport(db.knex)).toBeNull();

    const rejectsSam: MailTransport = {
      sendMail: async (m) => {
        if (m.envelope.to[0] === 'sam@example.com')
          throw Object.assign(new Error('550 no such user'), {
            responseCode: 550,
            command: 'RCPT TO',
            response: '550 no such user',
          });
        sent.push(m);
        return {};
      },
    };
    expect(await sendDueWeeklyReport(deps, rejectsSam, crypto.randomUUID(), NOW, gather)).toBe('settled');
    expect(await latestReport(db.knex)).toMatchObject({
      status: 'sent',
      sentTo: 1,
      detail: 'sam@example.com: 550 no such user',
    });
  });

  it('keeps the week as outbox without SMTP, and sends nothing while off', async () => {
    expect(await sendDueWeeklyReport(deps, null, crypto.randomUUID(), NOW, gather)).toBe('settled');
    expect(await latestReport(db.knex)).toMatchObject({ status: 'outbox', detail: 'no SMTP configured' });
    await db.knex.withSchema('mailer').table('weekly_reports').delete();
    await db.knex.withSchema('mailer').table('weekly_report_settings').update({ enabled: false });
    expect(await sendDueWeeklyReport(deps, sink, crypto.randomUUID(), NOW, gather)).toBe('not_due');
  });

  it('reads a week whose sender stopped before the relay answered as unknown, never sent again', async () => {
    await db.knex.withSchema('mailer').table('weekly_reports').insert({
      slot_day: '2026-11-30',
      period_from: '2026-11-23',
      period_to: '2026-11-29',
      claimed_by: crypto.randomUUID(),
    });
    expect((await latestReport(db.knex))?.status).toBe('unknown');
    expect(await sendDueWeeklyReport(deps, sink, crypto.randomUUID(), NOW, gather)).toBe('sent_before');
    expect(sent).toHaveLength(0);
  });
});

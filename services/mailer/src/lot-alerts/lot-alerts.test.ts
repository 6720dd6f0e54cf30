/**
 * Lot alerts on the mailer's own tables (PGlite): what a change tells, the confirmation link's
 * signature and expiry, one watch per lot and address, one confirmation per request, and one
 * alert per watch and lot version however often the event comes or however many handlers take
 * it at once; pending watches, suppressed addresses and watches confirmed after the change get
 * nothing; a relay that took nothing leaves nothing claimed, so the redelivery sends.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventMeta, type Lot, type LotChanged } from '@lp/contracts';
import { createLogger, migrate, openPglite, type Bus, type Database } from '@lp/runtime';
import { makeWatchConfirmToken, readToken, readWatchConfirmToken } from '@lp/runtime/mail/tracking-tokens';
import type { RawMail } from '../sending/compose-raw-message.ts';
import type { MailTransport } from '../weekly-report/send-weekly-report.ts';
import { confirmWatch, countWatchers, requestWatch } from './lot-watches-store.ts';
import { alertLinesOf } from './render-lot-watch-mail.ts';
import { sendLotAlerts } from './send-lot-alerts.ts';
import { sendWatchConfirmation } from './send-watch-confirmation.ts';
import { WatchMailDeferred } from './send-watch-mail.ts';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));
const SECRET = 'test-secret';
const PUBLIC_URL = 'https://lots.example.com';

const lot = (over: Partial<Lot> = {}): Lot => ({
  number: 7,
  block: 'A',
  status: 'available',
  tags: [],
  sizeSqFt: 12000,
  price: 79000,
  description: '',
  outline: { path: 'M0 0', label: { x: 0, y: 0 } },
  updatedAt: new Date().toISOString(),
  updatedBy: 'owner',
  version: 2,
  ...over,
});
const change = (changes: LotChanged['changes'], over: Partial<Lot> = {}, at = new Date()): LotChanged => ({
  ...eventMeta(crypto.randomUUID(), at),
  lot: lot(over),
  changes,
  changedBy: 'owner',
});

describe('what an alert tells', () => {
  it('says status and price, old → new, as visitors read them', () => {
    expect(alertLinesOf(change({ price: { from: 89000, to: 79000 } }))).toEqual([
      { label: 'Price', from: '$89,000', to: '$79,000' },
    ]);
    expect(alertLinesOf(change({ status: { from: 'available', to: 'reserved' } }, { status: 'reserved' }))).toEqual([
      { label: 'Status', from: 'Available', to: 'Reserved' },
    ]);
  });

  it('never shows a sold lot price, and tells nothing of tags, size or description', () => {
    const sold = change({ status: { from: 'available', to: 'sold' }, price: { from: 1, to: 2 } }, { status: 'sold' });
    expect(alertLinesOf(sold)).toEqual([{ label: 'Status', from: 'Available', to: 'Sold' }]);
    expect(alertLinesOf(change({ price: { from: 1, to: 2 } }, { status: 'sold' }))).toEqual([]);
    expect(alertLinesOf(change({ tags: { from: [], to: ['featured'] }, sizeSqFt: { from: 1, to: 2 } }))).toEqual([]);
  });
});

describe('the confirmation link', () => {
  it('is signed and expires', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    const token = makeWatchConfirmToken(SECRET, 42, new Date(now.getTime() + 3_600_000));
    expect(readWatchConfirmToken(SECRET, token, now)).toEqual({ watchId: 42, expired: false });
    expect(readWatchConfirmToken(SECRET, token, new Date(now.getTime() + 3_600_000))).toEqual({
      watchId: 42,
      expired: true,
    });
    expect(readWatchConfirmToken('another-key', token, now)).toBeNull();
    const [id, exp, sig] = token.split('.');
    expect(readWatchConfirmToken(SECRET, `${id}.${Number(exp) + 86_400}.${sig}`, now)).toBeNull();
    // Not usable as another kind of link, nor the other way round.
    expect(readToken(SECRET, 'watch-stop', token)).toBeNull();
  });
});

describe('watching a lot', () => {
  let db: Database;
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
  // crm over the bus: gone@example.com is unsubscribed.
  const bus = {
    request: async (subject: string, input: unknown) => {
      if (subject === 'rpc.crm.contacts.match-emails') {
        const { emails } = input as { emails: string[] };
        return {
          ok: true,
          data: { matches: emails.filter((e) => e === 'gone@example.com').map((email) => ({ email, contactId: 9 })) },
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
      throw new Error(`unexpected ${subject}`);
    },
  } as unknown as Bus;
  const deps = () => ({ knex: db.knex, bus, log: createLogger('test'), secret: SECRET, publicUrl: PUBLIC_URL });
  const to = () => sent.map((m) => m.envelope.to[0]);
  const watching = async (email: string, lotNumber = 7) => {
    const w = await requestWatch(db.knex, { lotNumber, email });
    return (await confirmWatch(db.knex, w.id))!;
  };

  // Every mailer migration on PGlite: slow on a loaded machine.
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db.knex, 'mailer', MIGRATIONS);
  }, 60_000);
  afterAll(async () => db?.close());
  beforeEach(async () => {
    sent.length = 0;
    relayUp = true;
    await db.knex.withSchema('mailer').table('lot_watches').delete();
  });

  it('keeps one watch per lot and address, in any letter case, and sends one confirmation per request', async () => {
    const request = { ...eventMeta(), lotNumber: 7, email: 'Ada@Example.com' };
    expect(await sendWatchConfirmation(deps(), sink, request)).toBe('sent');
    expect(await sendWatchConfirmation(deps(), sink, request)).toBe('sent_before');
    // Asked again at once: the same watch, no second mail moments after the first.
    expect(await sendWatchConfirmation(deps(), sink, { ...eventMeta(), lotNumber: 7, email: 'ada@example.com' })).toBe(
      'skipped',
    );
    expect(await db.knex.withSchema('mailer').table('lot_watches').count({ n: '*' })).toEqual([{ n: 1 }]);
    expect(to()).toEqual(['ada@example.com']);
    const raw = sent[0]!.raw.toString();
    expect(raw).toMatch(/Subject: Confirm alerts for Lot 7/);
    const link = /https:\/\/lots\.example\.com\/lot-alerts\/confirm\/([\w.-]+)/.exec(raw.replace(/=\r\n/g, ''));
    expect(readWatchConfirmToken(SECRET, link![1]!)?.expired).toBe(false);
    // Once on, asking again sends nothing and leaves it on.
    await confirmWatch(db.knex, readWatchConfirmToken(SECRET, link![1]!)!.watchId);
    expect(await sendWatchConfirmation(deps(), sink, { ...eventMeta(), lotNumber: 7, email: 'ada@example.com' })).toBe(
      'already_active',
    );
    expect(await countWatchers(db.knex)).toEqual([{ number: 7, watchers: 1 }]);
  });

  it('alerts each confirmed watcher once per lot version, however often and at once the change comes', async () => {
    await watching('ada@example.com');
    await watching('bo@example.com');
    await requestWatch(db.knex, { lotNumber: 7, email: 'pending@example.com' });
    await watching('other-lot@example.com', 8);
    const event = change({ price: { from: 89000, to: 79000 } });
    await Promise.allSettled([
      sendLotAlerts(deps(), sink, event),
      sendLotAlerts(deps(), sink, event),
      sendLotAlerts(deps(), sink, { ...event, id: crypto.randomUUID() }),
    ]);
    expect((await sendLotAlerts(deps(), sink, event)).steps).toEqual({ sent_before: 2 });
    expect(to().sort()).toEqual(['ada@example.com', 'bo@example.com']);
    const raw = sent[0]!.raw.toString().replace(/=\r\n/g, '');
    expect(raw).toMatch(/Subject: Lot 7: new price/);
    expect(raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(raw).toContain(`${PUBLIC_URL}/lots/7`);
    // The next version is a new alert.
    await sendLotAlerts(deps(), sink, change({ status: { from: 'available', to: 'reserved' } }, { version: 3 }));
    expect(sent).toHaveLength(4);
  });

  it('sends nothing to a suppressed address, nor for a change from before the watch was confirmed', async () => {
    await watching('gone@example.com');
    const outcome = await sendLotAlerts(deps(), sink, change({ price: { from: 1, to: 2 } }));
    expect(outcome.steps).toEqual({ skipped: 1 });
    await watching('late@example.com');
    await sendLotAlerts(
      deps(),
      sink,
      change({ price: { from: 2, to: 3 } }, { version: 3 }, new Date(Date.now() - 60_000)),
    );
    expect(sent).toEqual([]);
  });

  it('claims nothing while the relay is away, so the redelivery sends the alert', async () => {
    await watching('ada@example.com');
    const event = change({ price: { from: 1, to: 2 } });
    relayUp = false;
    await expect(sendLotAlerts(deps(), sink, event)).rejects.toBeInstanceOf(WatchMailDeferred);
    relayUp = true;
    expect((await sendLotAlerts(deps(), sink, event)).steps).toEqual({ sent: 1 });
    expect(to()).toEqual(['ada@example.com']);
  });
});

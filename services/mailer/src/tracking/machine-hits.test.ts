/**
 * Which opens and clicks count (machine-hits.ts), one test per rule, on the migrated mailer
 * schema (PGlite): the user-agent rules alone, then each timing rule through the batches the
 * gateway sends and the campaign figures staff read.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TrackingHit } from '@lp/contracts';
import { migrate, openPglite, type Database } from '@lp/runtime';
import { getCampaign } from '../campaigns/get-campaign.ts';
import { summarizeEmailAnalytics } from '../analytics/summarize-email-analytics.ts';
import { isProxyOpen } from './is-proxy-open.ts';
import { CLICK_BURST_SECONDS, CLICK_SCAN_SECONDS, isScannerAgent, OPEN_PREFETCH_SECONDS } from './machine-hits.ts';
import { recordTrackingHits } from './record-tracking-hits.ts';
import { down, up } from '../migrations/20261129000000_flag-scanner-clicks.ts';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));

// Real user agents: browsers people click with, and what mail security and scripts send.
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const GMAIL_ANDROID_WEBVIEW =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36';
const GOOGLE_IMAGE_PROXY = 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';

describe('the user-agent rules', () => {
  it('takes a click with a browser for a person, and a crawler, a script, a security product or nothing for a scanner', () => {
    for (const person of [CHROME_WINDOWS, SAFARI_IPHONE, GMAIL_ANDROID_WEBVIEW])
      expect(isScannerAgent(person)).toBe(false);
    for (const machine of [
      '',
      'Mozilla/5.0',
      'python-requests/2.31.0',
      'curl/8.5.0',
      'Go-http-client/1.1',
      'Mozilla/5.0 (compatible; Barracuda Sentinel)',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
      'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17328; Pro)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    ])
      expect(isScannerAgent(machine), machine).toBe(true);
  });

  it("counts Gmail's image proxy as a person's open (it fetches when the message is opened)", () => {
    expect(isProxyOpen(GOOGLE_IMAGE_PROXY)).toBe(false);
    expect(isProxyOpen('Mozilla/5.0')).toBe(true);
  });
});

describe('the timing rules', () => {
  let db: Database;
  const sentAt = new Date('2026-11-20T16:00:00.000Z');
  const after = (seconds: number) => new Date(sentAt.getTime() + seconds * 1000).toISOString();
  let campaignId = 0;
  let deliveries: number[] = [];

  const hit = (
    kind: 'open' | 'click',
    deliveryId: number,
    seconds: number,
    linkIdx: number | null = kind === 'click' ? 0 : null,
    userAgent = CHROME_WINDOWS,
  ): TrackingHit => ({ id: crypto.randomUUID(), kind, deliveryId, linkIdx, userAgent, at: after(seconds) });

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db.knex, 'mailer', MIGRATIONS);
  }, 60_000);
  afterAll(() => db?.close());

  beforeEach(async () => {
    await db.knex.withSchema('mailer').table('campaigns').delete();
    const [c] = await db.knex
      .withSchema('mailer')
      .table('campaigns')
      .insert({
        name: 'Spring lots',
        subject: 'Lots by the lake',
        status: 'completed',
        sent_count: 4,
        total_recipients: 4,
      })
      .returning('id');
    campaignId = (c as { id: number }).id;
    const rows = await db.knex
      .withSchema('mailer')
      .table('deliveries')
      .insert(
        ['ann', 'ben', 'cal', 'dee'].map((name, i) => ({
          campaign_id: campaignId,
          contact_id: i + 1,
          email: `${name}@example.com`,
          status: 'sent',
          sent_at: sentAt,
        })),
      )
      .returning('id');
    deliveries = rows.map((r: { id: number | string }) => Number(r.id));
  });

  it(`takes an open within ${OPEN_PREFETCH_SECONDS} s of sending for a prefetch, and a later one for a person`, async () => {
    const [ann, ben] = deliveries as [number, number];
    await recordTrackingHits(db.knex, [hit('open', ann, 2), hit('open', ben, 2), hit('open', ben, 40)]);
    const c = await getCampaign(db.knex, { id: campaignId });
    expect(c).toMatchObject({ uniqueOpens: 1, totalOpens: 3, proxyOpens: 2, delivered: 4 });
    expect(c.open_rate).toBe(25);
  });

  it(`takes a click within ${CLICK_SCAN_SECONDS} s of sending for a scanner, even with a browser's user agent`, async () => {
    const [ann, ben] = deliveries as [number, number];
    await recordTrackingHits(db.knex, [hit('click', ann, 4), hit('click', ben, 95)]);
    const c = await getCampaign(db.knex, { id: campaignId });
    expect(c).toMatchObject({ uniqueClicks: 1, totalClicks: 1, scannerClicks: 1 });
    expect(c.click_rate).toBe(25);
  });

  it(`takes clicks on several links of one message within ${CLICK_BURST_SECONDS} s for a scanner's, across batches`, async () => {
    const [ann, ben, cal] = deliveries as [number, number, number];
    // Ann's three links followed in one second, the last in a later batch: all three a scanner's.
    await recordTrackingHits(db.knex, [hit('click', ann, 300, 0), hit('click', ann, 300.4, 1)]);
    await recordTrackingHits(db.knex, [hit('click', ann, 301, 2)]);
    // Ben double-clicks one link: a person. Cal follows two links a minute apart: a person.
    await recordTrackingHits(db.knex, [hit('click', ben, 200, 0), hit('click', ben, 200.5, 0)]);
    await recordTrackingHits(db.knex, [hit('click', cal, 200, 0), hit('click', cal, 260, 1)]);
    const c = await getCampaign(db.knex, { id: campaignId });
    expect(c).toMatchObject({ uniqueClicks: 2, totalClicks: 4, scannerClicks: 3 });
  });

  it('leaves scanner clicks out of the click rate of the e-mail analytics too, and counts a batch delivered again once', async () => {
    const [ann, ben, cal] = deliveries as [number, number, number];
    const batch = [
      hit('click', ann, 3),
      hit('click', ben, 120, 0, 'python-requests/2.31.0'),
      hit('click', cal, 120),
      hit('open', cal, 100),
    ];
    await recordTrackingHits(db.knex, batch);
    expect(await recordTrackingHits(db.knex, batch)).toEqual([]);
    const a = await summarizeEmailAnalytics(db.knex, 30, 'America/Phoenix', new Date('2026-11-21T12:00:00Z'));
    expect(a).toMatchObject({ totalSent: 4, clickRate: 25, openRate: 25 });
    expect((await getCampaign(db.knex, { id: campaignId })).scannerClicks).toBe(2);
  });

  it('flags the opens and clicks stored before these rules by their timing when the migration runs', async () => {
    const [ann, ben, cal] = deliveries as [number, number, number];
    await down(db.knex);
    const stored = (kind: string, deliveryId: number, seconds: number, linkIdx: number | null = null) => ({
      delivery_id: deliveryId,
      campaign_id: campaignId,
      kind,
      link_idx: linkIdx,
      event_key: `${kind}:${crypto.randomUUID()}`,
      at: after(seconds),
    });
    await db.knex
      .withSchema('mailer')
      .table('tracking_events')
      .insert([
        stored('open', ann, 1),
        stored('open', ben, 600),
        stored('click', ann, 6, 0),
        stored('click', ben, 700, 0),
        stored('click', ben, 700.5, 1),
        stored('click', cal, 900, 0),
      ]);
    await up(db.knex);
    expect(await getCampaign(db.knex, { id: campaignId })).toMatchObject({
      uniqueOpens: 1,
      proxyOpens: 1,
      uniqueClicks: 1,
      totalClicks: 1,
      scannerClicks: 3,
    });
  });
});

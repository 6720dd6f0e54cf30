/**
 * Opens and clicks of a broadcast while the mailer is away (stopped after sending): the gateway
 * answers the pixel at once and the click with a 302 to the link's target on its own, and the
 * hits wait on the MAIL stream until the mailer is back, which counts each exactly once, however
 * often it is delivered. A one-click unsubscribe taken meanwhile is carried out when it is back.
 * Links of mail sent before click links named their targets still go through the mailer; a
 * target nobody signed is refused. The gateway learns the key from the mailer over the bus and
 * keeps its own copy, so a gateway started while the mailer is away still answers clicks, with
 * no read of the mailer's tables.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { DURABLES, eventMeta, SUBJECTS, site, type CampaignDetail, type TrackingHitsRecorded } from '@lp/contracts';
import {
  createGatewayApp,
  createLotCache,
  createTrackingSecret,
  GatewayConfigSchema,
  trackingKeySource,
} from '@lp/gateway';
import { mailerService } from '@lp/mailer';
import { CLICK_BURST_SECONDS } from '@lp/mailer/tracking/machine-hits';
import {
  Counters,
  createLogger,
  migrateServices,
  parseConfig,
  startServices,
  type Knex,
  type RunningService,
} from '@lp/runtime';
import { makeToken } from '@lp/runtime/mail/tracking-tokens';
import { ALL_SERVICES } from '../../scripts/services.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { describeOnEachBackend, eventually, startStack, type Stack } from '../support/stack.ts';

const PUBLIC = 'https://mail.lakepowell.test';
const LOT_PAGE = 'https://lakepowelllots.com/lots/7';
const MAP = 'https://www.openstreetmap.org/?mlat=36.9147&mlon=-111.4558';
const CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 Chrome/130 Safari/537.36';

describeOnEachBackend('e-mail opens and clicks while the mailer is away', (backend) => {
  let stack: Stack;
  let sink: SmtpSink;
  let token: string;
  let knex: Knex;
  // The mailer runs beside the stack, on its bus and database, so a test can stop and start it.
  let mailer: RunningService | undefined;
  const startMailer = async () => {
    const config = parseConfig(GatewayConfigSchema, stack.env);
    const log = createLogger('test-mailer', config.LOG_LEVEL);
    mailer = await startServices(
      [mailerService],
      { bus: stack.platform.bus, knex, log, counters: new Counters(), config },
      stack.env,
    );
  };
  const stopMailer = async () => {
    await mailer?.stop();
    mailer = undefined;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    stack = await startStack({
      backend,
      services: ALL_SERVICES.filter((s) => s.name !== 'mailer'),
      env: { SMTP_URL: sink.url, MAIL_PUBLIC_URL: PUBLIC, MAIL_SEND_RATE: '0' },
    });
    knex = stack.platform.db.knex;
    await migrateServices(knex, [mailerService], createLogger('test-mailer', 'silent'));
    await startMailer();
    token = await stack.login();
    // The gateway asks the mailer for the key in the background, retrying until it is up.
    await trackingKeyStored();
  });
  // Each test starts with the mailer running, whatever the one before left.
  beforeEach(async () => {
    if (!mailer) await startMailer();
  });
  afterAll(async () => {
    await stopMailer();
    await stack?.stop();
    await sink?.close();
  });

  const trackingKeyStored = () =>
    eventually(
      async () =>
        (
          (await knex.withSchema('gateway').table('settings').where({ key: 'tracking_key' }).first('value')) as
            { value: string } | undefined
        )?.value,
      30_000,
      "the gateway's copy of the tracking key",
    );

  const local = (url: string) => url.replace(PUBLIC, stack.baseUrl);
  const campaign = async (id: number | string) => {
    const res = await stack.api(`/api/marketing/campaigns/${id}`, { token });
    return res.status === 200 ? ((await res.json()) as CampaignDetail) : undefined;
  };
  const figures = (c: CampaignDetail) => ({
    uniqueOpens: c.uniqueOpens,
    totalOpens: c.totalOpens,
    proxyOpens: c.proxyOpens,
    uniqueClicks: c.uniqueClicks,
    totalClicks: c.totalClicks,
  });
  /** Waits until the mailer has taken every hit off the stream. */
  const hitsHandled = () =>
    eventually(
      async () => ((await stack.platform.bus.pendingMessages(DURABLES.mailerTrackingHits)) === 0 ? true : undefined),
      15_000,
      'the tracking hits handled',
    );

  /** Sends a broadcast to `email` with a link to a lot's page and one to a map; answers its id and message. */
  const broadcast = async (email: string) => {
    const added = await stack.api('/api/marketing/contacts', { token, body: { email, firstName: 'Lee' } });
    expect(added.status).toBe(201);
    const sent = await stack.api('/api/marketing/single-send', {
      token,
      body: {
        name: `Lot 7 for ${email}`,
        subject: 'Lot 7 is back',
        fromName: 'Lake Powell Lots',
        fromEmail: site.email,
        content: `<p>Hi {{firstName}}</p><p><a href="${LOT_PAGE}">Lot 7</a> <a href="${MAP}">Directions</a></p>`,
        recipients: [email],
      },
    });
    expect(sent.status).toBe(202);
    const { campaignId } = (await sent.json()) as { campaignId: number };
    const done = await eventually(
      async () => {
        const c = await campaign(campaignId);
        return c?.status === 'completed' ? c : undefined;
      },
      20_000,
      'the campaign to complete',
    );
    const html = String(sink.messages.find((m) => m.to === email)!.parsed.html);
    const [lotClick, mapClick] = [...html.matchAll(/href="([^"]*\/e\/c\/[^"]+)"/g)].map((m) =>
      local(m[1]!.replace(/&amp;/g, '&')),
    );
    const pixel = local(/src="([^"]*\/e\/o\/[^"]+)"/.exec(html)![1]!);
    const unsubscribe = local(/href="([^"]*\/unsubscribe\/[^"]+)"/.exec(html)![1]!);
    const delivery = (await knex
      .withSchema('mailer')
      .table('deliveries')
      .where({ campaign_id: done.id })
      .first('id')) as { id: number | string };
    // People open and click a while after the message arrives; within seconds of sending it is a
    // machine's (services/mailer/src/tracking/machine-hits.ts).
    await knex
      .withSchema('mailer')
      .table('deliveries')
      .where({ campaign_id: done.id })
      .update({ sent_at: knex.raw("sent_at - interval '1 hour'") });
    return {
      id: done.id,
      lotClick: lotClick!,
      mapClick: mapClick!,
      pixel,
      unsubscribe,
      deliveryId: Number(delivery.id),
    };
  };

  it('answers the pixel at once and the click with its target, and counts both once when the mailer is back', async () => {
    const mail = await broadcast('lee@example.com');
    await stopMailer();

    const started = performance.now();
    const open = await fetch(mail.pixel, { headers: { 'user-agent': CHROME } });
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toBe('image/gif');
    expect((await open.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(2000);
    // Apple Mail Privacy Protection fetches the pixel at delivery: kept, flagged, not a human open.
    expect((await fetch(mail.pixel, { headers: { 'user-agent': 'Mozilla/5.0' } })).status).toBe(200);

    const click = await fetch(mail.lotClick, { redirect: 'manual', headers: { 'user-agent': CHROME } });
    expect(click.status).toBe(302);
    const landing = new URL(click.headers.get('location')!);
    expect(`${landing.origin}${landing.pathname}`).toBe(LOT_PAGE);
    expect(Object.fromEntries(landing.searchParams)).toEqual({
      utm_source: 'email',
      utm_medium: 'email',
      utm_campaign: 'Lot 7 for lee@example.com',
      utm_id: String(mail.id),
    });
    // A person reads before following a second link: two links within seconds are a scanner's.
    await new Promise((r) => setTimeout(r, CLICK_BURST_SECONDS * 1000 + 200));
    const toMap = await fetch(mail.mapClick, { redirect: 'manual', headers: { 'user-agent': CHROME } });
    expect(toMap.status).toBe(302);
    expect(toMap.headers.get('location')).toBe(MAP);

    await startMailer();
    const counted = await eventually(
      async () => {
        const c = await campaign(mail.id);
        return c && c.totalOpens + c.totalClicks >= 4 ? c : undefined;
      },
      15_000,
      'the opens and clicks counted',
    );
    await hitsHandled();
    const expected = { uniqueOpens: 1, totalOpens: 2, proxyOpens: 1, uniqueClicks: 1, totalClicks: 2 };
    expect(figures(counted)).toEqual(expected);
    expect(figures((await campaign(mail.id))!)).toEqual(expected);
    const opened = (await knex
      .withSchema('mailer')
      .table('tracking_events')
      .where({ delivery_id: mail.deliveryId, kind: 'click' })
      .orderBy('link_idx')
      .select('link_idx')) as { link_idx: number }[];
    expect(opened.map((r) => r.link_idx)).toEqual([0, 1]);
  });

  it('counts an open or a click delivered twice once', async () => {
    const mail = await broadcast('sam@example.com');
    const hit = (kind: 'open' | 'click') => ({
      id: crypto.randomUUID(),
      kind,
      deliveryId: mail.deliveryId,
      linkIdx: kind === 'click' ? 0 : null,
      userAgent: CHROME,
      at: new Date().toISOString(),
    });
    const batch: TrackingHitsRecorded = { ...eventMeta(), hits: [hit('open'), hit('click')] };
    // Two deliveries of the same event: stored twice on the stream, as a redelivery would be.
    await stack.platform.bus.publish(SUBJECTS.trackingHitsRecorded, batch, { msgId: crypto.randomUUID() });
    await stack.platform.bus.publish(SUBJECTS.trackingHitsRecorded, batch, { msgId: crypto.randomUUID() });
    await eventually(
      async () => {
        const c = await campaign(mail.id);
        return c && c.totalOpens > 0 && c.totalClicks > 0 ? c : undefined;
      },
      15_000,
      'the redelivered hits counted',
    );
    await hitsHandled();
    expect(figures((await campaign(mail.id))!)).toEqual({
      uniqueOpens: 1,
      totalOpens: 1,
      proxyOpens: 0,
      uniqueClicks: 1,
      totalClicks: 1,
    });
  });

  it('follows a click link of mail sent before links named their targets, and refuses an unsigned target', async () => {
    const mail = await broadcast('ray@example.com');
    const secret = (
      (await knex.withSchema('mailer').table('settings').where({ key: 'tracking_secret' }).first('value')) as {
        value: string;
      }
    ).value;
    const old = await fetch(`${stack.baseUrl}/e/c/${makeToken(secret, 'click', mail.deliveryId, 0)}`, {
      redirect: 'manual',
    });
    expect(old.status).toBe(302);
    expect(new URL(old.headers.get('location')!).pathname).toBe('/lots/7');

    const evil = new URL(mail.lotClick);
    evil.searchParams.set('u', 'https://evil.example/phish');
    const refused = await fetch(evil, { redirect: 'manual' });
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('not_found');
    const forged = await fetch(
      mail.lotClick.replace(/\/e\/c\/(\d+)\./, (_, d: string) => `/e/c/${Number(d) + 1}.`),
      {
        redirect: 'manual',
      },
    );
    expect(forged.status).toBe(404);
  });

  it("takes a mail client's one-click unsubscribe while the mailer is away and carries it out when it is back", async () => {
    const mail = await broadcast('nora@example.com');
    const status = async () =>
      (
        (await knex.withSchema('crm').table('contacts').where({ email: 'nora@example.com' }).first('status')) as {
          status: string;
        }
      ).status;
    await stopMailer();
    const oneClick = await fetch(mail.unsubscribe, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You are unsubscribed');
    const forged = await fetch(
      mail.unsubscribe.replace(/\/unsubscribe\/(\d+)\./, (_, d: string) => `/unsubscribe/${Number(d) + 1}.`),
      {
        method: 'POST',
      },
    );
    expect(forged.status).toBe(404);
    expect(await status()).toBe('subscribed');

    await startMailer();
    await eventually(async () => ((await status()) === 'unsubscribed' ? true : undefined), 15_000, 'nora unsubscribed');
    const page = await fetch(mail.unsubscribe);
    expect(await page.text()).toContain('nora@example.com will receive no more marketing emails');
  });

  it("answers a click from its own copy of the key when it starts while the mailer is away, without the mailer's tables", async () => {
    const mail = await broadcast('kai@example.com');
    await stopMailer();
    // The mailer's tables out of the gateway's reach: only its own copy can verify the click.
    await knex.raw('alter table mailer.settings rename to settings_away');
    const config = parseConfig(GatewayConfigSchema, stack.env);
    const log = createLogger('test-gateway', config.LOG_LEVEL);
    const { bus } = stack.platform;
    const trackingKey = createTrackingSecret(undefined, trackingKeySource(knex, bus, log), log);
    const drains: (() => Promise<void>)[] = [];
    const app = createGatewayApp({
      config,
      bus,
      knex,
      log,
      counters: new Counters(),
      lots: createLotCache(),
      trackingKey,
      webDist: stack.env.WEB_DIST!,
      onShutdown: (fn) => drains.push(fn),
    });
    const server = createServer(app.callback());
    try {
      // A second gateway, as one restarted meanwhile: its memory empty, its table shared.
      trackingKey.start();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const restarted = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const click = await fetch(mail.lotClick.replace(stack.baseUrl, restarted), {
        redirect: 'manual',
        headers: { 'user-agent': CHROME },
      });
      expect(click.status).toBe(302);
      const landing = new URL(click.headers.get('location')!);
      expect(`${landing.origin}${landing.pathname}`).toBe(LOT_PAGE);
      expect(landing.searchParams.get('utm_id')).toBe(String(mail.id));
      const open = await fetch(mail.pixel.replace(stack.baseUrl, restarted), { headers: { 'user-agent': CHROME } });
      expect(open.status).toBe(200);
      expect(open.headers.get('content-type')).toBe('image/gif');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all(drains.map((drain) => drain()));
      await trackingKey.stop();
      await knex.raw('alter table mailer.settings_away rename to settings');
    }

    // The hits the restarted gateway took are counted once the mailer is back.
    await startMailer();
    const counted = await eventually(
      async () => {
        const c = await campaign(mail.id);
        return c && c.totalOpens + c.totalClicks >= 2 ? c : undefined;
      },
      15_000,
      'the open and the click counted',
    );
    expect(figures(counted)).toMatchObject({ uniqueOpens: 1, totalOpens: 1, uniqueClicks: 1, totalClicks: 1 });
  });
});

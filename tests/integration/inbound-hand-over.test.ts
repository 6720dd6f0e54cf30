/**
 * How a post reaches the inbox, on the embedded and the real backends: the gateway hands the
 * raw post over (the bus's large-payload store) and the mailer, which owns the inbox, parses and
 * stores it before the provider is answered. While the mailer is away a post is answered 503
 * (the provider posts again) and stores nothing; posted again once it is back, it is stored
 * once. A 200 means the message is already listed, its 5 MB attachment byte-exact, and nothing
 * of the post is left in the large-payload store.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { InboxEmail, InboxPage } from '@lp/contracts';
import { GatewayConfigSchema } from '@lp/gateway';
import { mailerService } from '@lp/mailer';
import {
  Counters,
  createLogger,
  migrateServices,
  parseConfig,
  startServices,
  type Knex,
  type RunningService,
} from '@lp/runtime';
import { ALL_SERVICES } from '../../scripts/services.ts';
import { rawMessage } from '../support/raw-mail.ts';
import { describeOnEachBackend, startStack, type Stack } from '../support/stack.ts';

const SECRET = 'inbound-secret-0123456789';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describeOnEachBackend('inbound mail handed over to the mailer', (backend) => {
  let stack: Stack;
  let token: string;
  let knex: Knex;
  // The mailer runs beside the stack, on its bus and database, so a test can stop and start it.
  let mailer: RunningService | undefined;
  // Every key a post was handed over under, to look for what is left of it.
  const handedOver: string[] = [];
  const startMailer = async () => {
    const config = parseConfig(GatewayConfigSchema, stack.env);
    mailer = await startServices(
      [mailerService],
      {
        bus: stack.platform.bus,
        knex,
        log: createLogger('test-mailer', config.LOG_LEVEL),
        counters: new Counters(),
        config,
      },
      stack.env,
    );
  };
  const stopMailer = async () => {
    await mailer?.stop();
    mailer = undefined;
  };

  beforeAll(async () => {
    stack = await startStack({
      backend,
      services: ALL_SERVICES.filter((s) => s.name !== 'mailer'),
      env: { WEBHOOK_SECRET: SECRET },
    });
    knex = stack.platform.db.knex;
    await migrateServices(knex, [mailerService], createLogger('test-mailer', 'silent'));
    const bus = stack.platform.bus;
    const put = bus.putLarge.bind(bus);
    bus.putLarge = (key, data) => {
      handedOver.push(key);
      return put(key, data);
    };
    await startMailer();
    token = await stack.login();
  }, 120_000);
  beforeEach(async () => {
    if (!mailer) await startMailer();
  });
  afterAll(async () => {
    await stopMailer();
    await stack?.stop();
  });

  const post = (body: Buffer) =>
    fetch(`${stack.baseUrl}/api/inbound/raw?secret=${SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body,
    });
  const list = async (q: string) =>
    (await (await stack.api(`/api/marketing-dashboard/inbox?status=all&q=${q}`, { token })).json()) as InboxPage;
  const nothingLeft = async () => {
    for (const key of handedOver) expect(await stack.platform.bus.getLarge(key), key).toBeUndefined();
    if (backend === 'embedded')
      expect(await knex.withSchema('bus').table('large_payloads').count({ n: '*' })).toEqual([{ n: 0 }]);
  };

  it('answers 503 while the mailer is away, stores nothing, and stores the same post once when it is back', async () => {
    const body = rawMessage(
      { from: 'away@example.com', subject: 'Mailer away', messageId: 'mailer-away-1@example.com' },
      'Posted while the mailer was away.',
      [],
    );
    await stopMailer();
    const refused = await post(body);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({
      error: { code: 'unavailable', message: 'The message could not be stored right now; please retry' },
    });
    await nothingLeft();

    await startMailer();
    expect(await (await post(body)).json()).toEqual({ messageId: 'mailer-away-1@example.com', duplicate: false });
    expect(await (await post(body)).json()).toEqual({ messageId: 'mailer-away-1@example.com', duplicate: true });
    expect((await list('mailer+away')).total).toBe(1);
    await nothingLeft();
  });

  it('stores a post with a 5 MB attachment byte-exact before answering 200, leaving nothing handed over', async () => {
    const file = randomBytes(5 * 1024 * 1024);
    const res = await post(
      rawMessage({ from: 'big@example.com', subject: 'Five megabytes', messageId: 'five-mb-1@example.com' }, 'Plans.', [
        { name: 'plans.pdf', type: 'application/pdf', bytes: file },
      ]),
    );
    expect(res.status).toBe(200);
    // No waiting: the 200 came after the mailer's commit.
    const [summary] = (await list('five+megabytes')).emails;
    const detail = (await (
      await stack.api(`/api/marketing-dashboard/inbox/${summary!.id}`, { token })
    ).json()) as InboxEmail;
    expect(detail.attachments).toMatchObject([{ filename: 'plans.pdf', size: file.length, stored: true }]);
    const download = await stack.api(
      `/api/marketing-dashboard/inbox/${detail.id}/attachments/${detail.attachments[0]!.id}`,
      { token },
    );
    expect(sha(Buffer.from(await download.arrayBuffer()))).toBe(sha(file));
    await nothingLeft();
  }, 60_000);

  it('answers a post that is not the provider’s 400 and leaves nothing handed over', async () => {
    const res = await fetch(`${stack.baseUrl}/api/inbound/postmark?secret=${SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"From": 7}',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 'validation_failed', details: { fields: { From: [expect.any(String)] } } },
    });
    await nothingLeft();
  });
});

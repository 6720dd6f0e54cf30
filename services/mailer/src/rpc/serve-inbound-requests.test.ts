/**
 * A post handed over to the mailer (`rpc.mailer.inbound.receive`, on the in-process bus and an
 * in-memory PGlite): answered only once stored, attachments byte-exact, the same message
 * once (a different one reusing its Message-ID kept beside it), the handed-over bytes let go; what is not the provider's post comes
 * back as the post's own 400/415; a post that is gone, or a mailer with every turn taken, is a
 * 503 the provider retries.
 */
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPC, type InboundSource } from '@lp/contracts';
import {
  callRpc,
  Counters,
  createLogger,
  handOver,
  MemoryBus,
  migrate,
  openPglite,
  parseConfig,
  parseSlots,
  RuntimeConfigSchema,
  type Database,
  type ServeHandle,
  type ServiceDeps,
} from '@lp/runtime';
import { rawMessage } from '../../../../tests/support/raw-mail.ts';
import { receiveInboundMail } from '../inbox/receive-inbound-mail.ts';
import { serveInboundRequests } from './serve-inbound-requests.ts';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));
const log = createLogger('mailer-test', 'silent');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('inbound mail handed over to the mailer', () => {
  let db: Database;
  let bus: MemoryBus;
  let served: ServeHandle;
  let deps: ServiceDeps;

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db.knex, 'mailer', MIGRATIONS);
    bus = new MemoryBus();
    deps = {
      bus,
      knex: db.knex,
      log,
      counters: new Counters(),
      config: parseConfig(RuntimeConfigSchema, {}),
      settings: {},
    };
    served = await serveInboundRequests.serve(deps, 'mailer');
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
    await bus?.close();
    await db?.close();
  });

  const receive = async (source: InboundSource, body: Buffer, contentType: string) => {
    const { key } = await handOver(bus, 'inbound', body);
    const answer = await callRpc(bus, RPC.mailer.inboundReceive, { key, source, contentType }, { log }).catch(
      (err: unknown) => err,
    );
    return { key, answer };
  };
  const stored = (messageId: string) =>
    db.knex('mailer.inbound_messages').where({ message_id: messageId }).orderBy('id').select('id', 'subject');

  it('stores a post before answering, its attachment byte-exact, and lets go of the handed-over bytes', async () => {
    const file = randomBytes(1_300_000);
    const post = rawMessage({ from: 'a@example.com', subject: 'Plat map', messageId: 'plat-1@example.com' }, 'Map.', [
      { name: 'plat.pdf', type: 'application/pdf', bytes: file },
    ]);
    const { key, answer } = await receive('raw', post, 'message/rfc822');
    expect(answer).toEqual({ messageId: 'plat-1@example.com', duplicate: false });
    const [row] = await stored('plat-1@example.com');
    expect(row).toMatchObject({ subject: 'Plat map' });
    const chunks = await db
      .knex('mailer.inbound_attachment_chunks as c')
      .join('mailer.inbound_attachments as a', 'a.id', 'c.attachment_id')
      .where('a.inbound_message_id', row!.id)
      .orderBy('c.start')
      .pluck<Buffer[]>('c.data');
    expect(sha(Buffer.concat(chunks.map((c) => Buffer.from(c))))).toBe(sha(file));
    expect(await bus.getLarge(key)).toBeUndefined();
  });

  it('stores the same post once, and keeps a different message that reuses a Message-ID', async () => {
    const first = rawMessage({ from: 'b@example.com', subject: 'First', messageId: 'same-1@example.com' }, 'One.', []);
    const other = rawMessage({ from: 'c@example.com', subject: 'Other', messageId: 'same-1@example.com' }, 'Two.', []);
    expect((await receive('raw', first, 'message/rfc822')).answer).toEqual({
      messageId: 'same-1@example.com',
      duplicate: false,
    });
    const again = await receive('raw', first, 'message/rfc822');
    expect(again.answer).toEqual({ messageId: 'same-1@example.com', duplicate: true });
    expect(await bus.getLarge(again.key)).toBeUndefined();
    expect((await receive('raw', other, 'message/rfc822')).answer).toEqual({
      messageId: 'same-1@example.com',
      duplicate: false,
    });
    expect((await receive('raw', other, 'message/rfc822')).answer).toMatchObject({ duplicate: true });
    expect(await stored('same-1@example.com')).toEqual([
      expect.objectContaining({ subject: 'First' }),
      expect.objectContaining({ subject: 'Other' }),
    ]);
  });

  it('tells messages under one Message-ID apart by an attachment: same name and size, other bytes', async () => {
    const message = (bytes: Buffer) =>
      rawMessage({ from: 'd@example.com', subject: 'Survey', messageId: 'survey-1@example.com' }, 'Attached.', [
        { name: 'survey.pdf', type: 'application/pdf', bytes },
      ]);
    const a = randomBytes(4096);
    const b = Buffer.from(a);
    b[100] = b[100]! ^ 0xff;
    expect((await receive('raw', message(a), 'message/rfc822')).answer).toMatchObject({ duplicate: false });
    expect((await receive('raw', message(b), 'message/rfc822')).answer).toMatchObject({ duplicate: false });
    expect((await receive('raw', message(a), 'message/rfc822')).answer).toMatchObject({ duplicate: true });
    expect(await stored('survey-1@example.com')).toHaveLength(2);
  });

  it('answers what is not the provider’s post as that post’s 400 naming the field, or 415', async () => {
    const wrong = await receive('postmark', Buffer.from('{"From": 7}'), 'application/json');
    expect(wrong.answer).toMatchObject({
      status: 400,
      code: 'validation_failed',
      details: { fields: { From: [expect.any(String)] } },
    });
    const notJson = await receive('postmark', Buffer.from('From: x'), 'text/plain');
    expect(notJson.answer).toMatchObject({ status: 415, code: 'unsupported_media_type' });
  });

  it('answers 503 for a post no longer handed over, and when every parse turn is taken', async () => {
    const gone = await callRpc(
      bus,
      RPC.mailer.inboundReceive,
      { key: 'inbound-gone', source: 'raw', contentType: 'message/rfc822' },
      { log },
    ).catch((err: unknown) => err);
    expect(gone).toMatchObject({ status: 503, message: 'The message could not be stored right now; please retry' });

    const slots = parseSlots(1, 0);
    const held = slots.admit()!;
    await held.turn(new AbortController().signal);
    const { key } = await handOver(bus, 'inbound', Buffer.from('From: d@example.com\r\n\r\nhi\r\n'));
    const input = { key, source: 'raw', contentType: 'message/rfc822' } as const;
    await expect(receiveInboundMail(input, { ...deps, reqId: 'r1', log }, slots)).rejects.toMatchObject({
      status: 503,
      details: { retryAfterSeconds: expect.any(Number) },
    });
    held.release();
    expect(await receiveInboundMail(input, { ...deps, reqId: 'r2', log }, slots)).toMatchObject({ duplicate: false });
  });
});

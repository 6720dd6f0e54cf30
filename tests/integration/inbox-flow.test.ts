/**
 * The inbox end to end, on the embedded and the real backends: a provider's post →
 * the gateway (secret, size cap) → handed over to the mailer (parsed, sanitised, stored once per
 * Message-ID before the post is answered) → the staff API (list, search, details, attachments served as
 * downloads, read, Mark as Unread / Mark as Read, archive, delete, each change audited) and the CRM link (a sender made a contact in one click).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuditPage, InboxEmail, InboxPage } from '@lp/contracts';
import { describeOnEachBackend, eventually, largePayloadsLeft, startStack, type Stack } from '../support/stack.ts';

const SECRET = 'inbound-secret-0123456789';
const fixture = (name: string) =>
  readFileSync(new URL(`../../services/mailer/src/inbound/fixtures/${name}`, import.meta.url));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A raw message with a large plain body and one large attachment. */
function largeMessage(messageId: string, text: string, file: Buffer, subject = 'Survey and photos'): Buffer {
  return Buffer.from(
    [
      'From: "Big Sender" <big@example.com>',
      'To: info@lakepowelllots.com',
      `Subject: ${subject}`,
      `Message-ID: <${messageId}>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(text).toString('base64').replace(/.{76}/g, '$&\r\n'),
      '--b1',
      'Content-Type: application/octet-stream; name="survey.bin"',
      'Content-Disposition: attachment; filename="survey.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      file.toString('base64').replace(/.{76}/g, '$&\r\n'),
      '--b1--',
      '',
    ].join('\r\n'),
  );
}

describeOnEachBackend('inbox', (backend) => {
  let stack: Stack;
  let token: string;
  beforeAll(async () => {
    stack = await startStack({ backend, env: { WEBHOOK_SECRET: SECRET, INBOUND_MAX_BYTES: '3000000' } });
    token = await stack.login();
  });
  afterAll(() => stack?.stop());

  const post = (provider: string, body: Buffer, type: string, auth: { query?: string; basic?: string } = {}) =>
    fetch(
      `${stack.baseUrl}/api/inbound/${provider}${auth.query !== undefined ? `?secret=${encodeURIComponent(auth.query)}` : ''}`,
      {
        method: 'POST',
        headers: {
          'content-type': type,
          ...(auth.basic ? { authorization: `Basic ${Buffer.from(`inbound:${auth.basic}`).toString('base64')}` } : {}),
        },
        body,
      },
    );
  const staff = (path: string, init: { method?: string; body?: unknown } = {}) =>
    stack.api(`/api/marketing-dashboard/inbox${path}`, { ...init, token });
  const list = async (query = '') => (await (await staff(query)).json()) as InboxPage;
  const waitFor = (query: string, n: number) =>
    eventually(
      async () => {
        const page = await list(query);
        // The rows, not the total: the two are read side by side and may straddle a commit.
        return page.emails.length >= n ? page : undefined;
      },
      15_000,
      `${n} messages for ${query}`,
    );

  it('refuses a missing or wrong secret (401) and stores nothing; refuses an oversize post (413)', async () => {
    const postmark = fixture('postmark-inbound.json');
    for (const auth of [{}, { query: 'wrong-secret-0123456789' }, { basic: 'nope' }]) {
      const res = await post('postmark', postmark, 'application/json', auth);
      expect(res.status).toBe(401);
      await res.arrayBuffer();
    }
    const big = await post('raw', Buffer.alloc(3_000_001, 65), 'message/rfc822', { query: SECRET });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    const unknown = await post('smtp', postmark, 'application/json', { query: SECRET });
    expect(unknown.status).toBe(404);
    await unknown.arrayBuffer();
    // A later valid message is the only one there: the refused ones never reached the bus.
    const ok = await post('raw', fixture('raw-windows-1252.eml'), 'message/rfc822', { basic: SECRET });
    expect(ok.status).toBe(200);
    const page = await waitFor('?status=all', 1);
    expect(page.emails.map((e) => e.fromEmail)).toEqual(['maria@example.net']);
    expect(page.emails[0]).toMatchObject({
      subject: 'Café lot – “view” question',
      fromName: 'María Peña',
      isRead: false,
      hasAttachments: true,
    });
  });

  it('answers provider fields of the wrong type with a 400 naming them, with the right secret', async () => {
    const form = (fields: [string, string][]) =>
      Buffer.from(
        [
          ...fields.map(
            ([name, value]) => `--f1\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
          ),
          '--f1--\r\n',
        ].join(''),
      );
    const type = 'multipart/form-data; boundary=f1';
    const cases: [string, [string, string][], string][] = [
      [
        'sendgrid',
        [
          ['from', 'a@example.com'],
          ['charsets', 'null'],
        ],
        'charsets',
      ],
      [
        'sendgrid',
        [
          ['from', 'a@example.com'],
          ['attachment-info', 'null'],
        ],
        'attachment-info',
      ],
      [
        'sendgrid',
        [
          ['from', 'a@example.com'],
          ['attachment-info', '{"attachment1":{"filename":7}}'],
        ],
        'attachment-info.attachment1.filename',
      ],
      [
        'mailgun',
        [
          ['from', 'a@example.com'],
          ['content-id-map', 'null'],
        ],
        'content-id-map',
      ],
    ];
    for (const [provider, fields, named] of cases) {
      const res = await post(provider, form(fields), type, { query: SECRET });
      expect(res.status, named).toBe(400);
      const { error } = (await res.json()) as { error: { code: string; details?: { fields?: object } } };
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.details?.fields ?? {})).toEqual([named]);
    }
  });

  it('refuses an Outlook .msg or a file posted as a raw message (415 naming it) and stores nothing', async () => {
    const before = (await list()).total;
    const msg = await post('raw', fixture('msgreader-test1.msg'), 'message/rfc822', { query: SECRET });
    expect(msg.status).toBe(415);
    expect(((await msg.json()) as { error: { message: string } }).error.message).toContain('Outlook .msg');
    const pdf = await post('raw', fixture('mikel-mail-test.pdf'), 'message/rfc822', { query: SECRET });
    expect(pdf.status).toBe(415);
    expect(((await pdf.json()) as { error: { message: string } }).error.message).toContain('not an e-mail message');
    // Each answer came after the mailer decided: nothing was stored then or later.
    expect((await list()).total).toBe(before);
  });

  it('serves the files of a uuencoded message as attachments, byte-exact and named', async () => {
    const res = await post('raw', fixture('zbateson-m1014.eml'), 'message/rfc822', { query: SECRET });
    expect(res.status).toBe(200);
    const page = await waitFor('?q=Netscape+Communicator', 1);
    const detail = (await (await staff(`/${page.emails[0]!.id}`)).json()) as InboxEmail;
    expect(detail.bodyText).toContain('Slow but steady wins the race.');
    expect(detail.attachments.map((a) => [a.filename, a.size, a.stored])).toEqual([
      ['redball.png', 1453, true],
      ['greenball.png', 1298, true],
      ['blueball.png', 1325, true],
    ]);
    for (const a of detail.attachments) {
      const file = await stack.api(`/api/marketing-dashboard/inbox/${detail.id}/attachments/${a.id}`, { token });
      expect(file.headers.get('content-disposition')).toContain(a.filename);
      expect(Buffer.from(await file.arrayBuffer())).toEqual(fixture(`zbateson-files-${a.filename}`));
    }
  });

  it('stores a Postmark post once when it is posted again, and keeps a different message that reuses its Message-ID', async () => {
    const first = await post('postmark', fixture('postmark-inbound.json'), 'application/json', { query: SECRET });
    expect(await first.json()).toEqual({ messageId: '73e6d360-66eb-11e1-8e72-a8904824019b', duplicate: false });
    const page = await list('?q=Test+subject');
    const again = await post('postmark', fixture('postmark-inbound.json'), 'application/json', { query: SECRET });
    expect(((await again.json()) as { duplicate: boolean }).duplicate).toBe(true);
    const sameId = Buffer.from(
      'From: other@example.com\r\nSubject: same id\r\nMessage-ID: <73e6d360-66eb-11e1-8e72-a8904824019b>\r\n\r\nhello\r\n',
    );
    // Mailers reuse ids: a different message under a stored Message-ID is kept, and said to be new.
    const other = await post('raw', sameId, 'message/rfc822', { query: SECRET });
    expect(await other.json()).toEqual({ messageId: '73e6d360-66eb-11e1-8e72-a8904824019b', duplicate: false });
    // The same message delivered again through another relay (one more Received line) is the duplicate.
    const relayed = Buffer.concat([Buffer.from('Received: from mx2.example.net by mx.example.org\r\n'), sameId]);
    expect(await (await post('raw', relayed, 'message/rfc822', { query: SECRET })).json()).toEqual({
      messageId: '73e6d360-66eb-11e1-8e72-a8904824019b',
      duplicate: true,
    });
    // Each answer came after the mailer's commit: what is listed now is all there will be.
    expect((await list('?q=same+id')).total).toBe(1);
    expect((await list('?q=Test+subject')).total).toBe(1);
    const detail = (await (await staff(`/${page.emails[0]!.id}`)).json()) as InboxEmail;
    expect(detail).toMatchObject({
      fromEmail: 'support@postmarkapp.com',
      bodyText: 'This is a test text body.',
      bodyHtml: '<p>This is a test html body.</p>',
      attachments: [{ filename: 'test.txt', contentType: 'text/plain', size: 45, stored: true }],
    });
    const file = await stack.api(
      `/api/marketing-dashboard/inbox/${detail.id}/attachments/${detail.attachments[0]!.id}`,
      { token },
    );
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="test.txt"; filename*=UTF-8''test.txt`);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await file.text()).toBe('This is attachment contents, base-64 encoded.');
    const anonymous = await fetch(
      `${stack.baseUrl}/api/marketing-dashboard/inbox/${detail.id}/attachments/${detail.attachments[0]!.id}`,
    );
    expect(anonymous.status).toBe(401);
    await anonymous.arrayBuffer();
  });

  it('carries a message larger than a NATS message, body and attachment whole', async () => {
    const text = `${'Lot 14 survey notes. '.repeat(60_000)}END`; // ~1.2 MB
    const file = randomBytes(900_000);
    const res = await post('raw', largeMessage('large-1@example.com', text, file), 'message/rfc822', { query: SECRET });
    expect(res.status).toBe(200);
    const page = await waitFor('?q=Survey+and+photos', 1);
    const detail = (await (await staff(`/${page.emails[0]!.id}`)).json()) as InboxEmail;
    expect(detail.bodyText.length).toBe(text.length);
    expect(detail.bodyText.endsWith('END')).toBe(true);
    const download = Buffer.from(
      await (
        await stack.api(`/api/marketing-dashboard/inbox/${detail.id}/attachments/${detail.attachments[0]!.id}`, {
          token,
        })
      ).arrayBuffer(),
    );
    expect(sha(download)).toBe(sha(file));
  });

  it("serves an attachment over NATS's max_payload byte-exact, leaving nothing in the bus's large payloads", async () => {
    const file = randomBytes(1_500_000);
    const text = 'Photos of lot 9 attached.';
    const res = await post('raw', largeMessage('large-2@example.com', text, file, 'Lot 9 photos'), 'message/rfc822', {
      query: SECRET,
    });
    expect(res.status).toBe(200);
    const page = await waitFor('?q=Lot+9+photos', 1);
    // Whatever carried the post to the mailer is gone once it is stored; the reads start clean.
    await eventually(async () => ((await largePayloadsLeft(stack)) === 0 ? true : undefined), 10_000, 'an empty store');
    const detail = (await (await staff(`/${page.emails[0]!.id}`)).json()) as InboxEmail;
    expect(detail.bodyText.trim()).toBe(text);
    expect(detail.attachments).toMatchObject([{ filename: 'survey.bin', size: file.length, stored: true }]);
    const download = await stack.api(
      `/api/marketing-dashboard/inbox/${detail.id}/attachments/${detail.attachments[0]!.id}`,
      { token },
    );
    expect(download.headers.get('content-disposition')).toContain('survey.bin');
    expect(sha(Buffer.from(await download.arrayBuffer()))).toBe(sha(file));
    expect(await largePayloadsLeft(stack)).toBe(0);
  });

  it('marks read, archives, searches, filters unread, links the sender to the CRM and deletes for good', async () => {
    const res = await stack.api('/api/marketing/test-webhook-email', {
      token,
      body: {
        name: 'Jane Q. Buyer',
        email: 'jane.buyer@example.org',
        subject: 'Lot 7 price?',
        text: 'Hello,\nwhat is the price of lot 7?',
        emailFormat: 'gmail',
      },
    });
    expect(res.status).toBe(201);
    const bad = await stack.api('/api/marketing/test-webhook-email', {
      token,
      body: { name: '', email: 'x', subject: '', text: '' },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBeTruthy();

    const [email] = (await waitFor('?q=lot+7+price', 1)).emails;
    expect(email).toMatchObject({
      fromName: 'Jane Q. Buyer',
      fromEmail: 'jane.buyer@example.org',
      contactId: null,
      isRead: false,
    });
    const detail = (await (await staff(`/${email!.id}`)).json()) as InboxEmail;
    expect(detail.bodyHtml).toContain('<div dir="ltr">');
    expect(detail.bodyText).toContain('what is the price of lot 7?');

    const unreadBefore = (await list('?unreadOnly=true')).total;
    expect(((await (await staff(`/${email!.id}/read`, { method: 'PUT' })).json()) as { isRead: boolean }).isRead).toBe(
      true,
    );
    expect((await list('?unreadOnly=true')).total).toBe(unreadBefore - 1);

    const added = await staff(`/${email!.id}/contact`, { method: 'POST', body: {} });
    expect(added.status).toBe(201);
    const { contactId } = (await added.json()) as { contactId: number };
    expect((await list('?q=lot+7+price')).emails[0]!.contactId).toBe(contactId);
    const again = await staff(`/${email!.id}/contact`, { method: 'POST', body: {} });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ contactId, created: false });

    expect((await staff(`/${email!.id}/status`, { method: 'PUT', body: { status: 'archived' } })).status).toBe(200);
    expect((await list('?q=lot+7+price')).total).toBe(0);
    expect((await list('?q=lot+7+price&status=archived')).total).toBe(1);
    expect((await staff(`/${email!.id}/status`, { method: 'PUT', body: { status: 'spam' } })).status).toBe(400);

    expect((await staff(`/${email!.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await staff(`/${email!.id}`)).status).toBe(404);
    expect((await list('?q=lot+7+price&status=all')).total).toBe(0);
  });

  it('marks an email unread and read again, kept on the server and in the unread count, each change audited', async () => {
    const res = await stack.api('/api/marketing/test-webhook-email', {
      token,
      body: { name: 'Rae Unread', email: 'rae.unread@example.org', subject: 'Unread toggle', text: 'Lot 3?' },
    });
    expect(res.status).toBe(201);
    const [email] = (await waitFor('?q=unread+toggle', 1)).emails;
    const id = email!.id;
    const unread = async () => (await list('?unreadOnly=true')).unreadCount;
    const isRead = async () => ((await (await staff(`/${id}`)).json()) as InboxEmail).isRead;
    expect(await isRead()).toBe(false);
    const count = await unread();

    const put = async (path: string) => {
      const r = await staff(`/${id}/${path}`, { method: 'PUT' });
      expect(r.status).toBe(200);
      return (await r.json()) as { id: number; isRead: boolean };
    };
    expect(await put('read')).toMatchObject({ id, isRead: true });
    expect(await isRead()).toBe(true);
    expect(await unread()).toBe(count - 1);
    expect((await list('?q=unread+toggle&unreadOnly=true')).total).toBe(0);

    expect(await put('unread')).toMatchObject({ id, isRead: false });
    expect(await isRead()).toBe(false);
    expect(await unread()).toBe(count);
    expect((await list('?q=unread+toggle&unreadOnly=true')).emails.map((e) => e.id)).toEqual([id]);

    expect((await staff('/2147483000/unread', { method: 'PUT' })).status).toBe(404);
    expect((await staff('/abc/unread', { method: 'PUT' })).status).toBe(404);

    const audit = ((await (await stack.api('/api/marketing/audit?limit=200', { token })).json()) as AuditPage).entries;
    const mine = audit.filter((e) => e.target === `inbox email ${id}`).map((e) => [e.action, e.outcome]);
    expect(mine).toEqual([
      ['inbox.mark_unread', 'done'],
      ['inbox.mark_read', 'done'],
    ]);
  });

  it('pages newest first with a cursor', async () => {
    const all = await list('?status=all&limit=2');
    expect(all.emails).toHaveLength(2);
    expect(all.nextCursor).not.toBeNull();
    const next = await list(`?status=all&limit=2&cursor=${all.nextCursor}`);
    expect(next.emails[0]!.id).not.toBe(all.emails[1]!.id);
    expect(Date.parse(next.emails[0]!.receivedAt)).toBeLessThanOrEqual(Date.parse(all.emails[1]!.receivedAt));
    expect((await staff('?limit=500')).status).toBe(400);
  });
});

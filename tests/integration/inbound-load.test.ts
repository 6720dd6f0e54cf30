/**
 * Inbound mail under load, on the embedded and the real backends: posts beyond what the gateway
 * hands over to the mailer at once wait their turn (past the idle timeout, which does not apply
 * while the server works) and are each answered 200 with every attachment stored byte-exact; a post beyond the
 * queue is refused at once with 503 and Retry-After, and stores nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { expect, it } from 'vitest';
import type { InboxEmail, InboxPage } from '@lp/contracts';
import { rawMessage } from '../support/raw-mail.ts';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { useStack } from '../support/fixtures.ts';

const SECRET = 'inbound-secret-0123456789';
const POSTS = 8;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** A raw message with a short body and one base64 attachment. */
const message = (subject: string, file: Buffer) =>
  rawMessage(
    {
      from: '"Load Sender" <load@example.com>',
      to: 'info@lakepowelllots.com',
      subject,
      messageId: `${subject.replaceAll(' ', '-')}@example.com`,
    },
    `Photos of the lot for ${subject}.`,
    [{ name: 'lot.jpg', type: 'image/jpeg', bytes: file }],
  );

type Answer = { status: number; retryAfter: string | undefined; body: string };

/** A raw post whose body is sent when `send` is called (all of it unless told otherwise). */
function openPost(baseUrl: string, body: Buffer) {
  const url = new URL(`/api/inbound/raw?secret=${SECRET}`, baseUrl);
  const req = request(url, {
    method: 'POST',
    headers: { 'content-type': 'message/rfc822', 'content-length': body.length },
  });
  const answer = new Promise<Answer>((resolve) => {
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.once('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: res.headers['retry-after'],
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.once('error', (err) => resolve({ status: 0, retryAfter: undefined, body: String(err) }));
  });
  return {
    answer,
    start: () => req.write(body.subarray(0, 1024)),
    finish: () => req.end(body.subarray(1024)),
  };
}

describeOnEachBackend('inbound mail under load', (backend) => {
  let token: string;
  const stack = useStack({
    backend,
    env: {
      WEBHOOK_SECRET: SECRET,
      INBOUND_MAX_BYTES: '4000000',
      INBOUND_PARSE_CONCURRENCY: '1',
      INBOUND_PARSE_QUEUE: String(POSTS - 1),
      // Shorter than the last queued post waits, so only server pacing gets it answered.
      HTTP_IDLE_TIMEOUT_MS: '15000',
    },
    setup: async () => {
      // Signing in hashes a password: on a loaded machine that alone may outlast the short idle timeout.
      for (let attempt = 1; ; attempt++) {
        try {
          token = await stack.login();
          break;
        } catch (err) {
          if (attempt === 5) throw err;
        }
      }
    },
    timeout: 120_000,
  });

  it('answers 8 parallel 3 MB posts 200 one hand-over at a time, and serves every attachment byte-exact', async () => {
    const files = Array.from({ length: POSTS }, () => randomBytes(2_200_000));
    const posts = files.map((file, i) => openPost(stack.baseUrl, message(`load post ${i}`, file)));
    for (const p of posts) {
      p.start();
      p.finish();
    }
    const answers = await Promise.all(posts.map((p) => p.answer));
    expect(answers.map((a) => `${a.status} ${a.status === 200 ? '' : a.body}`)).toEqual(Array(POSTS).fill('200 '));

    const page = await eventually(
      async () => {
        const res = await stack.api('/api/marketing-dashboard/inbox?q=load+post&limit=20', { token });
        const p = (await res.json()) as InboxPage;
        return p.emails.length >= POSTS ? p : undefined;
      },
      60_000,
      `${POSTS} stored messages`,
    );
    for (const summary of page.emails) {
      const detail = (await (
        await stack.api(`/api/marketing-dashboard/inbox/${summary.id}`, { token })
      ).json()) as InboxEmail;
      const i = Number(/load post (\d+)/.exec(detail.subject)![1]);
      expect(detail.attachments).toMatchObject([{ filename: 'lot.jpg', size: files[i]!.length, stored: true }]);
      const download = Buffer.from(
        await (
          await stack.api(`/api/marketing-dashboard/inbox/${detail.id}/attachments/${detail.attachments[0]!.id}`, {
            token,
          })
        ).arrayBuffer(),
      );
      expect(sha(download)).toBe(sha(files[i]!));
    }
  }, 240_000);

  it('refuses a post beyond the queue at once with 503 and Retry-After, and still answers those it admitted', async () => {
    const admitted = Array.from({ length: POSTS }, (_, i) =>
      openPost(stack.baseUrl, message(`queued post ${i}`, randomBytes(50_000))),
    );
    // Each holds its place while its body is still on the way.
    for (const p of admitted) p.start();
    await new Promise((r) => setTimeout(r, 1000));
    const extra = openPost(stack.baseUrl, message('refused post', randomBytes(50_000)));
    extra.start();
    extra.finish();
    const refused = await extra.answer;
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toMatch(/^\d+$/);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'unavailable' } });

    for (const p of admitted) p.finish();
    expect((await Promise.all(admitted.map((p) => p.answer))).map((a) => a.status)).toEqual(Array(POSTS).fill(200));
    const res = await stack.api('/api/marketing-dashboard/inbox?q=refused+post', { token });
    expect(((await res.json()) as InboxPage).total).toBe(0);
  }, 120_000);
});

/**
 * The staff inbox (spec §2 Inbox, §7): the list, one message with its bodies, read/unread, archive,
 * permanent delete, attachments (downloads only: `Content-Disposition: attachment`,
 * `nosniff`, a sandboxing CSP), adding the sender as a CRM contact, and the developer test
 * helper, which builds a client-style raw message and sends it down the inbound path.
 * The mailer owns the messages; crm says which senders are contacts.
 */
import {
  InboxListInputSchema,
  InboxStatusInputSchema,
  RPC,
  TestWebhookEmailSchema,
  type InboxEmail,
  type InboxPage,
} from '@lp/contracts';
import { callRpc, notFound, type Bus, type RpcCallOptions } from '@lp/runtime';
import { buildTestEmail } from '../inbound/build-test-email.ts';
import { handOverInboundPost } from '../inbound/hand-over-inbound-post.ts';
import { audited } from '../audit/record-audit.ts';
import { validate } from '../middleware/validate.ts';
import {
  type GatewayDeps,
  askedBy,
  createRouter,
  numericParam,
  pathNumber,
  takeGivenBytes,
} from '../routes/context.ts';

/** Contact ids of these senders; an inbox that cannot reach crm still lists (no links). */
async function contactIdsOf(bus: Bus, emails: string[], asked: RpcCallOptions): Promise<Map<string, number>> {
  const unique = [...new Set(emails.map((e) => e.toLowerCase()).filter(Boolean))];
  if (unique.length === 0) return new Map();
  try {
    const { matches } = await callRpc(bus, RPC.crm.contactsMatchEmails, { emails: unique }, asked);
    return new Map(matches.map((m) => [m.email.toLowerCase(), m.contactId]));
  } catch (err) {
    asked.log?.warn({ err }, 'could not ask crm which senders are contacts');
    return new Map();
  }
}

/** A message's body or attachment, whole: the mailer hands a large one over through the bus. */
async function readInboxContent(bus: Bus, id: number, part: 'text' | 'html' | number, asked: RpcCallOptions) {
  const { content, ...meta } = await callRpc(bus, RPC.mailer.inboxContentRead, { id, part }, asked);
  return { data: await takeGivenBytes(bus, content), ...meta };
}

/** `filename*=` for any name, plus an ASCII fallback. */
const dispositionOf = (filename: string) => {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
};

export function inboxRoutes({ bus, counters, knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing-dashboard/inbox' });
  const emailNotFound = () => notFound('Email not found');
  router.param('id', numericParam(emailNotFound));
  router.param('attachmentId', numericParam(emailNotFound));

  router.get('/', async (ctx) => {
    const input = validate(InboxListInputSchema, ctx.query);
    const asked = askedBy(ctx);
    const page = await callRpc(bus, RPC.mailer.inboxList, input, asked);
    const contacts = await contactIdsOf(
      bus,
      page.emails.map((e) => e.fromEmail),
      asked,
    );
    const body: InboxPage = {
      ...page,
      emails: page.emails.map((e) => ({ ...e, contactId: contacts.get(e.fromEmail.toLowerCase()) ?? null })),
    };
    ctx.body = body;
  });

  router.get('/:id', async (ctx) => {
    const id = pathNumber(ctx);
    const asked = askedBy(ctx);
    const { bodyTextBytes, bodyHtmlBytes, ...meta } = await callRpc(bus, RPC.mailer.inboxGet, { id }, asked);
    const [text, html, contacts] = await Promise.all([
      bodyTextBytes > 0 ? readInboxContent(bus, id, 'text', asked) : null,
      bodyHtmlBytes > 0 ? readInboxContent(bus, id, 'html', asked) : null,
      contactIdsOf(bus, [meta.fromEmail], asked),
    ]);
    const body: InboxEmail = {
      ...meta,
      contactId: contacts.get(meta.fromEmail.toLowerCase()) ?? null,
      bodyText: text ? text.data.toString('utf8') : '',
      bodyHtml: html ? html.data.toString('utf8') : '',
    };
    ctx.body = body;
  });

  /** Mark as Read (also what opening an unread message does) and Mark as Unread. */
  for (const [path, isRead] of [
    ['read', true],
    ['unread', false],
  ] as const)
    router.put(`/:id/${path}`, async (ctx) => {
      const id = pathNumber(ctx);
      ctx.body = await audited(
        knex,
        ctx.state,
        { action: isRead ? 'inbox.mark_read' : 'inbox.mark_unread', target: `inbox email ${id}` },
        () => callRpc(bus, RPC.mailer.inboxSetRead, { id, isRead }, askedBy(ctx)),
      );
    });

  router.put('/:id/status', async (ctx) => {
    const { status } = validate(InboxStatusInputSchema, ctx.request.body);
    const id = pathNumber(ctx);
    ctx.body = await audited(
      knex,
      ctx.state,
      { action: status === 'archived' ? 'inbox.archive' : 'inbox.unarchive', target: `inbox email ${id}` },
      () => callRpc(bus, RPC.mailer.inboxSetStatus, { id, status }, askedBy(ctx)),
    );
  });

  router.delete('/:id', async (ctx) => {
    const id = pathNumber(ctx);
    const asked = askedBy(ctx);
    const { subject, fromEmail } = await callRpc(bus, RPC.mailer.inboxGet, { id }, asked);
    await audited(
      knex,
      ctx.state,
      { action: 'inbox.delete', target: `inbox email ${id}`, details: { subject, from: fromEmail } },
      () => callRpc(bus, RPC.mailer.inboxDelete, { id }, asked),
    );
    ctx.state.log.info({ inboxId: id }, 'inbox email deleted');
    ctx.status = 204;
  });

  router.get('/:id/attachments/:attachmentId', async (ctx) => {
    const id = pathNumber(ctx);
    const file = await readInboxContent(bus, id, pathNumber(ctx, 'attachmentId'), askedBy(ctx));
    ctx.set('Content-Disposition', dispositionOf(file.filename ?? 'attachment'));
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    ctx.type = 'application/octet-stream';
    ctx.body = file.data;
  });

  /** One click: the sender as a CRM contact (the existing one when the address is known). */
  router.post('/:id/contact', async (ctx) => {
    const asked = askedBy(ctx);
    const meta = await callRpc(bus, RPC.mailer.inboxGet, { id: pathNumber(ctx) }, asked);
    const result = await audited(
      knex,
      ctx.state,
      { action: 'contact.create', details: { email: meta.fromEmail, from: `inbox email ${meta.id}` } },
      () => callRpc(bus, RPC.crm.contactCreateFromSender, { email: meta.fromEmail, name: meta.fromName }, asked),
      (r) => ({ target: `contact ${r.contactId}`, details: { created: r.created } }),
    );
    ctx.status = result.created ? 201 : 200;
    ctx.body = result;
  });

  const helper = createRouter({ prefix: '/api/marketing' });
  helper.post('/test-webhook-email', async (ctx) => {
    const input = validate(TestWebhookEmailSchema, ctx.request.body);
    const { format, raw } = buildTestEmail(input);
    const accepted = await handOverInboundPost(
      bus,
      { source: 'test', contentType: 'message/rfc822', body: raw },
      { ...askedBy(ctx), unavailableMessage: 'The test email could not be sent right now; please retry' },
    );
    counters.inc('gateway_inbound_mail_total', { provider: 'test', result: 'accepted' });
    ctx.status = 201;
    ctx.body = { ...accepted, format, message: 'Test email sent' };
  });

  return [router, helper];
}

/**
 * Staff contacts under `/api/marketing` (session required): the paged, searchable list (total in
 * `X-Total-Count`, the next page in `Link: <…>; rel="next"`), add, read, edit, delete, history,
 * CSV export and import (and the import's column-mapping preview), `POST /contacts/bulk` (an action on chosen or all matching contacts),
 * the progress of an import or bulk action, and `POST /contacts-to-list`. crm owns the data and checks again.
 * The history adds the contact's mail from the mailer, asked by address: each message sent to it
 * (delivery status, opens, clicks) and each message it sent to the inbox; each owner answers its
 * newest entries and the merge is cut where the first of them holds older ones back. Without the
 * mailer the history shows crm's part and says its mail is missing.
 */
import {
  CallLogFormSchema,
  ContactCreateSchema,
  ContactsExportSchema,
  ContactsQuerySchema,
  ContactsToListSchema,
  ContactUpdateSchema,
  mergeHistoryWindows,
  newestEntries,
  RPC,
  type ContactHistoryItem,
  type ContactHistoryPage,
  type HistoryWindow,
  type RpcInput,
} from '@lp/contracts';
import { callRpc, notFound, type Bus } from '@lp/runtime';
import { applyContactsBulk } from './contacts/apply-contacts-bulk.ts';
import { streamContactsCsv } from './contacts/stream-contacts-csv.ts';
import { importContacts, previewImport } from './contacts/import-contacts.ts';
import { createProgressRegistry } from './contacts/operation-progress.ts';
import { audited } from '../audit/record-audit.ts';
import { changedFields } from '../audit/changed-fields.ts';
import { serverPaced } from '../middleware/server-paced.ts';
import { validate } from '../middleware/validate.ts';
import {
  type GatewayContext,
  type GatewayDeps,
  askedBy,
  askFor,
  createRouter,
  numericParam,
  pathNumber,
  queryOf,
  unlessUnavailable,
} from '../routes/context.ts';

/** Messages (and inbox messages) of a contact's history, newest first. */
const HISTORY_MAIL_LIMIT = 100;

/** The mail of a contact's history: the messages sent to it and those it wrote to the inbox. */
async function mailOfContact(
  bus: Bus,
  ctx: GatewayContext,
  email: string,
): Promise<HistoryWindow<ContactHistoryItem>[]> {
  const [inbox, mail] = await Promise.all([
    callRpc(
      bus,
      RPC.mailer.inboxList,
      { from: email, status: 'all', unreadOnly: false, q: '', limit: HISTORY_MAIL_LIMIT },
      askedBy(ctx),
    ),
    callRpc(bus, RPC.mailer.recipientMail, { email, limit: HISTORY_MAIL_LIMIT }, askedBy(ctx)),
  ]);
  const received = inbox.emails.map((e): ContactHistoryItem => ({
    type: 'email_received',
    at: e.receivedAt,
    inboxId: e.id,
    subject: e.subject,
    snippet: e.snippet,
  }));
  // With more pages, the page's oldest message stands for the first one held back.
  return [mail, newestEntries(received, inbox.nextCursor ? received.length - 1 : received.length)];
}

export function contactRoutes(deps: GatewayDeps) {
  const { bus } = deps;
  const router = createRouter({ prefix: '/api/marketing' });
  const progress = createProgressRegistry();
  router.param(
    'id',
    numericParam(() => notFound('Contact not found')),
  );
  const ask = askFor(bus);

  router.get('/contacts', async (ctx) => {
    const query = validate(ContactsQuerySchema, queryOf(ctx));
    const page = await ask(ctx, RPC.crm.contactsList, query);
    ctx.set('X-Total-Count', String(page.total ?? 0));
    if (page.nextCursor !== null) {
      const next = new URLSearchParams();
      for (const [k, val] of Object.entries(query)) if (val !== undefined && k !== 'cursor') next.set(k, String(val));
      next.set('cursor', String(page.nextCursor));
      ctx.set('Link', `</api/marketing/contacts?${next}>; rel="next"`);
    }
    ctx.body = page.contacts;
  });

  router.post('/contacts', async (ctx) => {
    const input = validate(ContactCreateSchema, ctx.request.body);
    const contact = await audited(
      deps.knex,
      ctx.state,
      { action: 'contact.create', details: { email: input.email } },
      () => ask(ctx, RPC.crm.contactCreate, input),
      (c) => ({ target: `contact ${c.id}` }),
    );
    ctx.status = 201;
    ctx.set('Location', `/api/marketing/contacts/${contact.id}`);
    ctx.body = contact;
  });

  /** The CSV of the contacts `filter` selects, streamed page after page from crm. */
  const streamCsv = async (ctx: GatewayContext, filter: Omit<RpcInput<typeof RPC.crm.contactsList>, 'limit'>) => {
    const asked = askedBy(ctx);
    await streamContactsCsv(ctx, bus, {
      name: 'contacts',
      page: (cursor) => callRpc(bus, RPC.crm.contactsList, { ...filter, limit: 2000, cursor, withTotal: false }, asked),
    });
  };

  // Every contact matching the screen's search, status or list.
  router.get('/contacts/export', async (ctx) => {
    const { limit: _limit, cursor: _cursor, ...filter } = validate(ContactsQuerySchema, queryOf(ctx));
    await streamCsv(ctx, filter);
  });

  // Hand-picked contacts (their ids would not fit in a URL).
  router.post('/contacts/export', async (ctx) => {
    const { ids } = validate(ContactsExportSchema, ctx.request.body);
    await streamCsv(ctx, { ids });
  });

  router.post('/contacts/import', serverPaced, importContacts(deps, progress));

  // The beginning of a file read as its import would read it, for the dialog's column mapping.
  router.post('/contacts/import/preview', previewImport(bus));

  router.post('/contacts/bulk', serverPaced, applyContactsBulk(deps, progress));

  // How far this staff account's import or bulk action named `id` (its X-Progress-Id) has got.
  router.get('/contacts/operations/:operationId', (ctx) => {
    const op = progress.get(ctx.state.session?.userId ?? null, ctx.params.operationId ?? '');
    if (!op) throw notFound('No operation under way with this id');
    ctx.body = op;
  });

  router.get('/contacts/:id', async (ctx) => {
    ctx.body = await ask(ctx, RPC.crm.contactGet, { id: pathNumber(ctx) });
  });

  router.put('/contacts/:id', async (ctx) => {
    const id = pathNumber(ctx);
    const contact = validate(ContactUpdateSchema, ctx.request.body);
    const before = await ask(ctx, RPC.crm.contactGet, { id });
    const { version: _version, ...fields } = contact;
    // Tags or custom values left out of the body are kept, not changed.
    const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    const changed = changedFields(before, given);
    const details = {
      email: before.email,
      changed,
      // A status change (unsubscribed, bounced…) decides who gets mail: named with its values.
      ...(changed.includes('status') ? { status: `${before.status} → ${contact.status}` } : {}),
    };
    ctx.body = await audited(deps.knex, ctx.state, { action: 'contact.update', target: `contact ${id}`, details }, () =>
      ask(ctx, RPC.crm.contactUpdate, { id, contact }),
    );
  });

  router.delete('/contacts/:id', async (ctx) => {
    const id = pathNumber(ctx);
    // Named in the audit log by its address, which is gone once the contact is.
    const { email } = await ask(ctx, RPC.crm.contactGet, { id });
    await audited(deps.knex, ctx.state, { action: 'contact.delete', target: `contact ${id}`, details: { email } }, () =>
      ask(ctx, RPC.crm.contactDelete, { id }),
    );
    ctx.status = 204;
  });

  // crm answers what it owns (submissions, list joins); the mailer, asked by the contact's
  // address, the mail sent to it (status, opens, clicks) and the mail it wrote to the inbox.
  router.get('/contacts/:id/history', async (ctx) => {
    const history = await ask(ctx, RPC.crm.contactHistory, { id: pathNumber(ctx) });
    const mail = await unlessUnavailable(
      ctx,
      'contact history without its mail: the mailer did not answer',
      mailOfContact(bus, ctx, history.contact.email),
    );
    const body: ContactHistoryPage = {
      contact: history.contact,
      ...mergeHistoryWindows<ContactHistoryItem>([history, ...(mail ?? [])]),
      mailUnavailable: mail === null,
    };
    ctx.body = body;
  });

  // "Log a call": a call with the contact, now; a lead's first response when it is the first.
  router.post('/contacts/:id/calls', async (ctx) => {
    const contactId = pathNumber(ctx);
    const { note } = validate(CallLogFormSchema, ctx.request.body ?? {});
    const loggedBy = ctx.state.session?.username ?? 'unknown';
    ctx.body = await audited(
      deps.knex,
      ctx.state,
      { action: 'contact.call_logged', target: `contact ${contactId}` },
      () => ask(ctx, RPC.crm.contactCallLog, { contactId, note, loggedBy }),
    );
    ctx.status = 201;
  });

  router.post('/contacts-to-list', async (ctx) => {
    const input = validate(ContactsToListSchema, ctx.request.body);
    ctx.body = await audited(
      deps.knex,
      ctx.state,
      {
        action: 'contacts.add_to_list',
        target: `list ${input.listId}`,
        details: { contacts: input.contactIds.length },
      },
      () => ask(ctx, RPC.crm.listMembersAdd, input),
      (r) => ({ details: { added: r.results.added } }),
    );
  });

  return router;
}

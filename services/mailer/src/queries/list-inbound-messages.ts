/**
 * A page of the inbox, newest first, with keyset paging on (received_at, id); the total of
 * the filter and the unread count (not archived) come with it. `q` matches words in the
 * sender, subject and plain body (case-insensitive, each word anywhere).
 */
import type { Knex } from '@lp/runtime';
import type { InboxListInputSchema, InboxPage } from '@lp/contracts';
import type * as v from 'valibot';
import { toSummary, type InboundSummaryRow } from './inbound-row.ts';

type Input = v.InferOutput<typeof InboxListInputSchema>;

const encodeCursor = (r: InboundSummaryRow) =>
  Buffer.from(`${new Date(r.received_at).toISOString()}|${r.id}`).toString('base64url');

function decodeCursor(cursor: string): { at: string; id: number } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const n = Number(id);
  if (!at || !Number.isInteger(n) || Number.isNaN(Date.parse(at))) return null;
  return { at, id: n };
}

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listInboundMessages(knex: Knex, input: Input): Promise<InboxPage> {
  const filtered = () => {
    const q = knex.withSchema('mailer').table('inbound_messages');
    if (input.status !== 'all') q.where('status', input.status);
    if (input.unreadOnly) q.where('is_read', false);
    if (input.from) q.whereRaw('lower(from_email) = lower(?)', [input.from]);
    for (const word of input.q.split(/\s+/).filter(Boolean).slice(0, 10)) {
      const p = likePattern(word);
      q.where((w) =>
        w
          .whereRaw("from_name ilike ? escape '\\'", [p])
          .orWhereRaw("from_email ilike ? escape '\\'", [p])
          .orWhereRaw("subject ilike ? escape '\\'", [p])
          .orWhereRaw("body_text ilike ? escape '\\'", [p]),
      );
    }
    return q;
  };
  const page = filtered()
    .select('id', 'subject', 'from_name', 'from_email', 'received_at', 'is_read', 'status', 'has_attachments')
    .select(knex.raw('left(body_text, 200) as snippet'))
    .orderBy([
      { column: 'received_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(input.limit + 1);
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  if (after) page.whereRaw('(received_at, id) < (?::timestamptz, ?)', [after.at, after.id]);

  const [rows, [total], [unread]] = await Promise.all([
    page as unknown as Promise<InboundSummaryRow[]>,
    filtered().count<{ n: number }[]>({ n: '*' }),
    knex
      .withSchema('mailer')
      .table('inbound_messages')
      .where({ status: 'inbox', is_read: false })
      .count<{ n: number }[]>({ n: '*' }),
  ]);
  const more = rows.length > input.limit;
  const shown = rows.slice(0, input.limit);
  return {
    emails: shown.map(toSummary),
    total: Number(total?.n ?? 0),
    unreadCount: Number(unread?.n ?? 0),
    nextCursor: more ? encodeCursor(shown[shown.length - 1]!) : null,
  };
}

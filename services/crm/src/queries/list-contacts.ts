/**
 * A page of contacts, newest first, after a cursor (the last id seen), filtered by list, search
 * (name, e-mail, phone, tags or custom text, case and accents ignored: contact-search.ts), status and tag; with the number of matches when asked.
 * A page is at most `limit` contacts and always fits in one bus message.
 */
import type { Knex } from '@lp/runtime';
import type { ContactStatus, ContactsPage } from '@lp/contracts';
import { CONTACT_COLUMNS, toContact, type ContactRow } from './contact-row.ts';
import { CONTACT_SEARCH_WHERE, likeFragment } from './contact-search.ts';
import { fitOneReply } from './fit-one-reply.ts';
import { crmTable } from './rows.ts';

export type ContactsFilter = {
  listId?: number;
  q?: string;
  status?: ContactStatus;
  tag?: string;
  ids?: number[];
  /** A segment's filter (segment-filter.ts, over `contacts`). */
  where?: { sql: string; bindings: Knex.RawBinding[] };
};

export function filteredContacts(knex: Knex, f: ContactsFilter) {
  const query = crmTable(knex, 'contacts');
  if (f.listId !== undefined)
    query.whereExists(
      knex
        .withSchema('crm')
        .table('list_members')
        .select(knex.raw('1'))
        .where('list_members.list_id', f.listId)
        .whereRaw('list_members.contact_id = contacts.id'),
    );
  if (f.q) query.whereRaw(CONTACT_SEARCH_WHERE, [likeFragment(f.q)]);
  if (f.status) query.where('status', f.status);
  // Containment, which the GIN index on tags answers (migration 20261129000000).
  if (f.tag) query.whereRaw('contacts.tags @> array[?]::text[]', [f.tag]);
  if (f.ids) query.whereIn('contacts.id', f.ids);
  if (f.where) query.whereRaw(`(${f.where.sql})`, f.where.bindings);
  return query;
}

export async function listContacts(
  knex: Knex,
  input: ContactsFilter & { limit: number; cursor?: number; withTotal?: boolean },
): Promise<ContactsPage> {
  const page = filteredContacts(knex, input)
    .select<ContactRow[]>(CONTACT_COLUMNS.map((c) => `contacts.${c}`))
    .orderBy('contacts.id', 'desc')
    .limit(input.limit + 1);
  if (input.cursor !== undefined) page.where('contacts.id', '<', input.cursor);
  const [rows, total] = await Promise.all([
    page,
    input.withTotal === false
      ? Promise.resolve(null)
      : filteredContacts(knex, input)
          .count<{ count: number }[]>({ count: '*' })
          .then((r) => r[0]?.count ?? 0),
  ]);
  // A page also ends before its reply would outgrow one bus message (long notes or addresses):
  // the next page then starts after the last contact that fitted.
  const { page: contacts, more } = fitOneReply(rows.map(toContact), input.limit);
  return { contacts, total, nextCursor: more ? (contacts[contacts.length - 1]?.id ?? null) : null };
}

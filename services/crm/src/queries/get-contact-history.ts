/**
 * A contact's history as crm knows it, newest first: its form submissions (matched by e-mail in
 * any case), the lists it joined and the calls staff logged, the newest 200 of them with the time from which none is
 * held back (`newestEntries`). The gateway adds the contact's mail from the mailer.
 */
import type { Knex } from '@lp/runtime';
import { newestEntries, type ContactHistory, type ContactHistoryItem } from '@lp/contracts';
import { getContact } from './get-contact.ts';
import { crmTable, type ContactCallRow, type ListMemberRow, type ListRow } from './rows.ts';

const HISTORY_LIMIT = 200;
const MESSAGE_SHOWN = 500;

export async function getContactHistory(knex: Knex, id: number): Promise<ContactHistory> {
  const contact = await getContact(knex, id);
  const [subs, joins, calls] = await Promise.all([
    crmTable(knex, 'form_submissions')
      .select('id', 'source', 'interest', 'message', 'created_at')
      .whereRaw('lower(email) = lower(?)', [contact.email])
      .orderBy('created_at', 'desc')
      .limit(HISTORY_LIMIT + 1),
    crmTable(knex, 'list_members', 'm')
      .join('lists as l', 'l.id', 'm.list_id')
      .select<(Pick<ListRow, 'id' | 'name'> & Pick<ListMemberRow, 'added_at'>)[]>('l.id', 'l.name', 'm.added_at')
      .where('m.contact_id', id)
      .orderBy('m.added_at', 'desc')
      .limit(HISTORY_LIMIT + 1),
    crmTable(knex, 'contact_calls')
      .select<ContactCallRow[]>('id', 'called_at', 'note', 'logged_by')
      .where('contact_id', id)
      .orderBy('called_at', 'desc')
      .limit(HISTORY_LIMIT + 1),
  ]);
  const items: ContactHistoryItem[] = [
    ...subs.map((s) => ({
      type: 'form_submission' as const,
      at: s.created_at.toISOString(),
      submissionId: s.id,
      source: s.source,
      interest: s.interest,
      // The history shows the start of each message: 200 entries stay well within one bus message.
      message: s.message && s.message.length > MESSAGE_SHOWN ? `${s.message.slice(0, MESSAGE_SHOWN)}…` : s.message,
    })),
    ...joins.map((j) => ({
      type: 'list_joined' as const,
      at: j.added_at.toISOString(),
      listId: j.id,
      listName: j.name,
    })),
    ...calls.map((c) => ({
      type: 'call_logged' as const,
      at: new Date(c.called_at).toISOString(),
      callId: c.id,
      note: c.note,
      loggedBy: c.logged_by,
    })),
  ];
  return { contact, ...newestEntries(items, HISTORY_LIMIT) };
}

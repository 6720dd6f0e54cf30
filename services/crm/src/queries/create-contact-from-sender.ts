/**
 * The sender of an inbound message as a contact (status subscribed, source `inbox`, the display
 * name split into first and last name); the existing contact when the address is known.
 */
import type { Knex } from '@lp/runtime';

export async function createContactFromSender(
  knex: Knex,
  sender: { email: string; name: string },
): Promise<{ contactId: number; created: boolean }> {
  const [first = '', ...rest] = sender.name.trim().split(/\s+/);
  const [row] = await knex
    .withSchema('crm')
    .table('contacts')
    .insert({
      email: sender.email,
      first_name: first || null,
      last_name: rest.join(' ') || null,
      status: 'subscribed',
      source: 'inbox',
    })
    .onConflict(knex.raw('(lower(email))'))
    .ignore()
    .returning<{ id: number }[]>('id');
  if (row) return { contactId: row.id, created: true };
  const existing = await knex
    .withSchema('crm')
    .table('contacts')
    .whereRaw('lower(email) = lower(?)', [sender.email])
    .first<{ id: number }>('id');
  if (!existing) throw new Error('contact neither inserted nor found');
  return { contactId: existing.id, created: false };
}

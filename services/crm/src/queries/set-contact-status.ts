/** Sets a contact's status (by id, else by address); a later send skips it. */
import type { Knex } from '@lp/runtime';

export async function setContactStatus(
  knex: Knex,
  change: { contactId: number | null; email: string; status: 'unsubscribed' | 'bounced' },
): Promise<number> {
  const q = knex.withSchema('crm').table('contacts');
  if (change.contactId) q.where({ id: change.contactId });
  else q.whereRaw('lower(email) = lower(?)', [change.email]);
  return q.update({ status: change.status, updated_at: knex.fn.now() });
}

/** Which of these addresses belong to contacts (case-insensitive): the inbox's link to the CRM. */
import type { Knex } from '@lp/runtime';

export async function matchContactsByEmail(
  knex: Knex,
  emails: string[],
): Promise<{ email: string; contactId: number }[]> {
  if (emails.length === 0) return [];
  const lowered = [...new Set(emails.map((e) => e.toLowerCase()))];
  const rows = await knex
    .withSchema('crm')
    .table('contacts')
    .whereRaw('lower(email) = any(?)', [lowered])
    .select<{ id: number; email: string }[]>('id', 'email');
  return rows.map((r) => ({ email: r.email.toLowerCase(), contactId: r.id }));
}

/**
 * 'Add to Contacts': the submission's e-mail becomes a subscribed contact (source
 * form_submission) unless a contact has it already in any letter case, which is then reused;
 * converting twice never makes a second contact. With a list id the contact joins that list.
 */
import { notFound, type Knex } from '@lp/runtime';
import type { ConvertSubmissionResult } from '@lp/contracts';
import { CONTACT_COLUMNS, toContact } from './contact-row.ts';
import { crmTable } from './rows.ts';

export async function convertSubmission(
  knex: Knex,
  submissionId: number,
  listId: number | null,
): Promise<ConvertSubmissionResult> {
  return knex.transaction(async (trx) => {
    const sub = await crmTable(trx, 'form_submissions')
      .select('id', 'email', 'first_name', 'last_name', 'phone')
      .where({ id: submissionId })
      .first();
    if (!sub) throw notFound('Form submission not found');
    if (listId !== null && !(await trx.withSchema('crm').table('lists').where({ id: listId }).first()))
      throw notFound('List not found');
    const inserted = await crmTable(trx, 'contacts')
      .insert({
        email: sub.email,
        first_name: sub.first_name || null,
        last_name: sub.last_name || null,
        phone: sub.phone || null,
        status: 'subscribed',
        source: 'form_submission',
        metadata: {},
      })
      .onConflict(trx.raw('(lower(email))'))
      .ignore()
      .returning(CONTACT_COLUMNS);
    // Not inserted: the contact with that address exists (the conflict), so it is found.
    const row =
      inserted[0] ??
      (await crmTable(trx, 'contacts')
        .select(...CONTACT_COLUMNS)
        .whereRaw('lower(email) = lower(?)', [sub.email])
        .first())!;
    await trx
      .withSchema('crm')
      .table('form_submissions')
      .where({ id: submissionId })
      .update({ converted_at: trx.raw('coalesce(converted_at, now())') });
    if (listId !== null)
      await trx
        .withSchema('crm')
        .table('list_members')
        .insert({ list_id: listId, contact_id: row.id })
        .onConflict(['list_id', 'contact_id'])
        .ignore();
    return { contact: toContact(row), created: inserted.length > 0 };
  });
}

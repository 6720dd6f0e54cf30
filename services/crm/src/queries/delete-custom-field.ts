/**
 * Deletes a custom field and every contact's value of it, in one transaction (those contacts'
 * versions move on: an edit opened before is refused rather than bringing the value back).
 * Answers whether there was such a field. Seconds at a million contacts with values: the values
 * are found by a scan (`jsonb_exists`, which the jsonb_path_ops index does not serve), a rare act.
 */
import type { Knex } from '@lp/runtime';
import { crmTable } from './rows.ts';

export async function deleteCustomField(knex: Knex, id: number): Promise<{ deleted: boolean }> {
  return knex.transaction(async (trx) => {
    const [field] = await crmTable(trx, 'custom_fields').where({ id }).delete().returning(['key']);
    if (!field) return { deleted: false };
    await trx.raw(
      'update crm.contacts set custom_fields = custom_fields - ?::text, updated_at = now() where jsonb_exists(custom_fields, ?)',
      [field.key, field.key],
    );
    return { deleted: true };
  });
}

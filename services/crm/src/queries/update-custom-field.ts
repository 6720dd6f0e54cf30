/**
 * Renames a custom field, only when it is still at the version the edit opened (else 409 and
 * nothing changes; 404 when it is gone). Its key and type stay, and so do its values.
 */
import { conflict, notFound, type Knex } from '@lp/runtime';
import { STALE_EDIT_MESSAGES, type CustomField, type CustomFieldUpdate } from '@lp/contracts';
import { CUSTOM_FIELD_COLUMNS, duplicateField, isDuplicateField, toCustomField } from './custom-field-row.ts';
import { crmTable } from './rows.ts';

export async function updateCustomField(knex: Knex, id: number, field: CustomFieldUpdate): Promise<CustomField> {
  try {
    // The version moves on in the database (trigger `custom_fields_bump_version`) when the name changes.
    const [row] = await crmTable(knex, 'custom_fields')
      .where({ id, version: field.version })
      .update({ name: field.name, updated_at: knex.fn.now() })
      .returning(CUSTOM_FIELD_COLUMNS);
    if (row) return toCustomField(row);
  } catch (err) {
    if (isDuplicateField(err)) throw await duplicateField(knex, { name: field.name });
    throw err;
  }
  const exists = await crmTable(knex, 'custom_fields').select('id').where({ id }).first();
  if (!exists) throw notFound('Custom field not found');
  throw conflict(STALE_EDIT_MESSAGES.customField);
}

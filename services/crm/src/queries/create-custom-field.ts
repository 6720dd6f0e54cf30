/**
 * Defines a custom field of contacts (at most CUSTOM_FIELDS_MAX); 409 on the name or key when
 * another field has it (a name in any letter case).
 */
import { conflict, type Knex } from '@lp/runtime';
import { CUSTOM_FIELDS_MAX, type CustomField, type CustomFieldForm } from '@lp/contracts';
import { CUSTOM_FIELD_COLUMNS, duplicateField, isDuplicateField, toCustomField } from './custom-field-row.ts';
import { crmTable } from './rows.ts';

export async function createCustomField(knex: Knex, field: CustomFieldForm): Promise<CustomField> {
  const [{ count } = { count: 0 }] = await crmTable(knex, 'custom_fields').count<{ count: number }[]>({ count: '*' });
  if (Number(count) >= CUSTOM_FIELDS_MAX)
    throw conflict(`There are already ${CUSTOM_FIELDS_MAX} custom fields: delete one you no longer use first`);
  try {
    const [row] = await crmTable(knex, 'custom_fields')
      .insert({ key: field.key, name: field.name, type: field.type })
      .returning(CUSTOM_FIELD_COLUMNS);
    return toCustomField(row!);
  } catch (err) {
    if (isDuplicateField(err)) throw await duplicateField(knex, field);
    throw err;
  }
}

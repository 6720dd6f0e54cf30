/** The custom fields of contacts, in the order they were made. */
import type { Knex } from '@lp/runtime';
import type { CustomField } from '@lp/contracts';
import { CUSTOM_FIELD_COLUMNS, toCustomField } from './custom-field-row.ts';
import { crmTable } from './rows.ts';

export async function listCustomFields(knex: Knex): Promise<CustomField[]> {
  const rows = await crmTable(knex, 'custom_fields')
    .select(...CUSTOM_FIELD_COLUMNS)
    .orderBy('id');
  return rows.map(toCustomField);
}

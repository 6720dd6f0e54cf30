/** A `crm.custom_fields` row, its shape for staff, and the checks every writer of contacts' values shares. */
import { AppError, badRequest, type Knex } from '@lp/runtime';
import { checkCustomValues, type CustomField, type CustomValues, type CustomValuesInput } from '@lp/contracts';
import { crmTable, type CustomFieldRow } from './rows.ts';

export const CUSTOM_FIELD_COLUMNS = ['id', 'key', 'name', 'type', 'created_at', 'updated_at', 'version'] as const;

export const toCustomField = (r: CustomFieldRow): CustomField => ({
  id: r.id,
  key: r.key,
  name: r.name,
  type: r.type,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
  version: r.version,
});

/**
 * The typed values of `input` for a contact, checked against the definitions as they stand in
 * this transaction: each read `for share`, so a field deleted at the same moment waits for the
 * contact's write (and then removes the value too) instead of leaving a value of no field.
 * A value its field's type refuses is a 400 naming the field (`customFields.<key>`).
 */
export async function typedCustomValues(trx: Knex.Transaction, input: CustomValuesInput): Promise<CustomValues> {
  const keys = Object.keys(input);
  if (keys.length === 0) return {};
  const fields = await crmTable(trx, 'custom_fields').select('key', 'name', 'type').whereIn('key', keys).forShare();
  const checked = checkCustomValues(fields, input);
  if ('problems' in checked) throw badRequest('Some fields need attention', { fields: checked.problems });
  return checked.values;
}

/** Whether a database error is a unique index refusing a second field of a key or name. */
export const isDuplicateField = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';

/** 409 on the field taken: another field has the key, or the name in any letter case. */
export async function duplicateField(knex: Knex, field: { name: string; key?: string }): Promise<AppError> {
  const byKey =
    field.key !== undefined &&
    (await crmTable(knex, 'custom_fields').select('id').where({ key: field.key }).first()) !== undefined;
  const message = byKey
    ? `A custom field with the key ${field.key} already exists`
    : `A custom field named ${field.name} already exists`;
  return new AppError(409, 'conflict', message, { fields: { [byKey ? 'key' : 'name']: [message] } });
}

/**
 * The Add/Edit Contact form (spec §5): a valid e-mail is required ('Valid email is required');
 * first name, last name, phone, address, notes, tags and the custom fields are optional. Custom
 * values are edited as text (a yes/no as "yes", "no" or none) and checked by their field's type
 * before sending, with the server's rules (contracts' checkCustomValues). Maps to the API's body.
 */
import * as v from 'valibot';
import {
  CONTACT_STATUSES,
  checkCustomValues,
  contactEmail,
  type Contact,
  type ContactCreateInput,
  type CustomField,
  type CustomValue,
} from '@lp/contracts';

const optional = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, `At most ${max} characters`));

export const ContactFormSchema = v.object({
  email: contactEmail,
  firstName: optional(100),
  lastName: optional(100),
  phone: optional(40),
  status: v.picklist(CONTACT_STATUSES),
  address: optional(500),
  notes: optional(5000),
  tags: v.array(v.string()),
  /** By field key: the text typed (a yes/no: "yes", "no" or "" for none). */
  custom: v.record(v.string(), v.string()),
});
export type ContactFormValues = v.InferOutput<typeof ContactFormSchema>;

const customText = (value: CustomValue | undefined): string =>
  value === undefined ? '' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);

export const contactFormValues = (c?: Contact, fields: readonly CustomField[] = []): ContactFormValues => ({
  email: c?.email ?? '',
  firstName: c?.firstName ?? '',
  lastName: c?.lastName ?? '',
  phone: c?.phone ?? '',
  status: c?.status ?? 'subscribed',
  address: c?.metadata.address ?? '',
  notes: c?.metadata.notes ?? '',
  tags: c?.tags ?? [],
  custom: Object.fromEntries(fields.map((f) => [f.key, customText(c?.customFields[f.key])])),
});

/**
 * The custom values to send (every field shown: a blank one as null, which clears it), or each
 * failing field's message by its form name (`custom.<key>`), as the server would refuse them.
 */
export function customFieldsBody(
  f: ContactFormValues,
  fields: readonly CustomField[],
): { customFields: Record<string, string | null> } | { problems: Record<string, string> } {
  const customFields = Object.fromEntries(fields.map((field) => [field.key, f.custom[field.key]?.trim() || null]));
  const checked = checkCustomValues(fields, customFields);
  if ('problems' in checked)
    return {
      problems: Object.fromEntries(
        Object.entries(checked.problems).map(([name, [message]]) => [
          name.replace(/^customFields\./, 'custom.'),
          message!,
        ]),
      ),
    };
  return { customFields };
}

/** The fields both bodies share: blanks are null. */
const contactFields = (f: ContactFormValues) => ({
  email: f.email,
  firstName: f.firstName || null,
  lastName: f.lastName || null,
  phone: f.phone || null,
  status: f.status,
  metadata: { address: f.address || null, notes: f.notes || null },
  tags: f.tags,
});

/** The spec's body for a new contact: phone null when blank, source manual_entry. */
export const contactBody = (
  f: ContactFormValues,
  customFields: Record<string, string | null> = {},
): ContactCreateInput => ({
  ...contactFields(f),
  customFields,
  source: 'manual_entry',
});

/** An edit's body: the fields and the version the dialog opened (crm refuses it once the contact moved on). */
export const contactUpdateBody = (
  f: ContactFormValues,
  version: number,
  customFields: Record<string, string | null> = {},
) => ({ ...contactFields(f), customFields, version });

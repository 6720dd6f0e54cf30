/**
 * The Add/Edit Contact form (spec §5): a valid e-mail is required ('Valid email is required');
 * first name, last name, phone, address and notes are optional. Maps to the API's body.
 */
import * as v from 'valibot';
import { CONTACT_STATUSES, contactEmail, type Contact, type ContactCreateInput } from '@lp/contracts';

const optional = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, `At most ${max} characters`));

export const ContactFormSchema = v.object({
  email: contactEmail,
  firstName: optional(100),
  lastName: optional(100),
  phone: optional(40),
  status: v.picklist(CONTACT_STATUSES),
  address: optional(500),
  notes: optional(5000),
});
export type ContactFormValues = v.InferOutput<typeof ContactFormSchema>;

export const contactFormValues = (c?: Contact): ContactFormValues => ({
  email: c?.email ?? '',
  firstName: c?.firstName ?? '',
  lastName: c?.lastName ?? '',
  phone: c?.phone ?? '',
  status: c?.status ?? 'subscribed',
  address: c?.metadata.address ?? '',
  notes: c?.metadata.notes ?? '',
});

/** The fields both bodies share: blanks are null. */
const contactFields = (f: ContactFormValues) => ({
  email: f.email,
  firstName: f.firstName || null,
  lastName: f.lastName || null,
  phone: f.phone || null,
  status: f.status,
  metadata: { address: f.address || null, notes: f.notes || null },
});

/** The spec's body for a new contact: phone null when blank, source manual_entry. */
export const contactBody = (f: ContactFormValues): ContactCreateInput => ({
  ...contactFields(f),
  source: 'manual_entry',
});

/** An edit's body: the fields and the version the dialog opened (crm refuses it once the contact moved on). */
export const contactUpdateBody = (f: ContactFormValues, version: number) => ({ ...contactFields(f), version });

/**
 * Contacts, lists, contact history and CSV imports (spec: staff dashboard §3, §5, §7). The
 * dashboard's forms, the gateway's routes and crm's request handlers validate with these schemas.
 * Contacts and lists keep the spec's field names: contacts in camelCase, lists in snake_case
 * (`contact_count`, `created_at`), as the spec's screens read them.
 */
import * as v from 'valibot';
import { RecipientMailItemSchema } from './email.ts';
import { HistoryShownSinceSchema } from './history-window.ts';
import { RecordVersionSchema } from './record-version.ts';
import { storable } from './text.ts';

export const CONTACT_STATUSES = ['subscribed', 'unsubscribed', 'bounced', 'other'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Where a contact came from. */
export const CONTACT_SOURCES = ['manual_entry', 'csv_import', 'form_submission'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The one e-mail rule of contacts: trimmed, a valid address, at most 254 characters. */
export const contactEmail = v.pipe(
  v.string('Valid email is required'),
  v.trim(),
  v.email('Valid email is required'),
  v.maxLength(254, 'Valid email is required'),
);
const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, `At most ${max} characters`), storable());
/** An optional text field: missing, null and blank all mean "none" (stored as null). */
const optionalText = (max: number) =>
  v.pipe(
    v.optional(v.nullable(text(max)), null),
    v.transform((s) => (s ? s : null)),
  );

export const ContactMetadataSchema = v.object({
  address: optionalText(500),
  notes: optionalText(5000),
});

export const ContactSchema = v.object({
  id,
  email: v.string(),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  status: v.picklist(CONTACT_STATUSES),
  source: v.picklist(CONTACT_SOURCES),
  metadata: v.object({ address: v.nullable(v.string()), notes: v.nullable(v.string()) }),
  createdAt: v.string(),
  updatedAt: v.string(),
  /** Bumped by every change of the fields above; an edit sends the one it opened. */
  version: id,
});
export type Contact = v.InferOutput<typeof ContactSchema>;

/** `POST /api/marketing/contacts`: only the e-mail is required (spec §5). */
export const ContactCreateSchema = v.object({
  email: v.optional(contactEmail, ''),
  firstName: optionalText(100),
  lastName: optionalText(100),
  phone: optionalText(40),
  status: v.optional(v.picklist(CONTACT_STATUSES, 'Unknown status'), 'subscribed'),
  source: v.optional(v.picklist(CONTACT_SOURCES, 'Unknown source'), 'manual_entry'),
  metadata: v.optional(ContactMetadataSchema, {}),
});
export type ContactCreate = v.InferOutput<typeof ContactCreateSchema>;
export type ContactCreateInput = v.InferInput<typeof ContactCreateSchema>;

/** `PUT /api/marketing/contacts/{id}`: the same fields (the e-mail stays required) and the version opened. */
export const ContactUpdateSchema = v.object({
  email: v.optional(contactEmail, ''),
  firstName: optionalText(100),
  lastName: optionalText(100),
  phone: optionalText(40),
  status: v.optional(v.picklist(CONTACT_STATUSES, 'Unknown status'), 'subscribed'),
  metadata: v.optional(ContactMetadataSchema, {}),
  version: RecordVersionSchema,
});
export type ContactUpdate = v.InferOutput<typeof ContactUpdateSchema>;

export const CONTACTS_PAGE_DEFAULT = 100;
export const CONTACTS_PAGE_MAX = 1000;

const intString = (message: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,10}$/, message),
    v.transform(Number),
    v.number(),
    v.maxValue(2_147_483_647, message),
  );

/**
 * The paging keys of a staff list's query string: `limit` (1 to `max`, `fallback` when absent)
 * and `cursor` (the last id of the previous page).
 */
export function pageQueryEntries(max: number, fallback: number) {
  const limitMessage = `limit must be a whole number from 1 to ${max}`;
  return {
    limit: v.optional(
      v.pipe(intString(limitMessage), v.minValue(1, limitMessage), v.maxValue(max, limitMessage)),
      String(fallback),
    ),
    cursor: v.optional(v.pipe(intString('cursor is not valid'), v.minValue(1, 'cursor is not valid'))),
  };
}

/** The query string of `GET /api/marketing/contacts` (all optional). */
export const ContactsQuerySchema = v.object({
  listId: v.optional(v.pipe(intString('listId must be a list id'), v.minValue(1, 'listId must be a list id'))),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'The search is limited to 200 characters'), storable())),
  status: v.optional(v.picklist(CONTACT_STATUSES, 'Unknown status')),
  ...pageQueryEntries(CONTACTS_PAGE_MAX, CONTACTS_PAGE_DEFAULT),
});

/** What crm is asked for a page of contacts: newest first, after `cursor` (a contact id). */
export const ContactsPageInputSchema = v.object({
  listId: v.optional(id),
  q: v.optional(v.string()),
  status: v.optional(v.picklist(CONTACT_STATUSES)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5000)),
  cursor: v.optional(id),
  /** Count the matches too (the first page of a screen); an export's later pages skip it. */
  withTotal: v.optional(v.boolean(), true),
});
export const ContactsPageSchema = v.object({
  contacts: v.array(ContactSchema),
  total: v.nullable(count),
  nextCursor: v.nullable(id),
});
export type ContactsPage = v.InferOutput<typeof ContactsPageSchema>;

export const ContactIdInputSchema = v.object({ id });
export const ContactUpdateInputSchema = v.object({ id, contact: ContactUpdateSchema });
export const DeletedSchema = v.object({ deleted: v.boolean() });

/**
 * One entry of a contact's history, newest first. Form submissions and list joins come from
 * crm's own tables; the mail sent to the contact (with its delivery status, opens and clicks)
 * and the mail it sent (`email_received`) are the mailer's, merged in by the gateway, which asks
 * the mailer by the contact's address: each fact has one owner.
 */
export const ContactHistoryItemSchema = v.variant('type', [
  v.object({
    type: v.literal('form_submission'),
    at: v.string(),
    submissionId: id,
    source: v.string(),
    interest: v.nullable(v.string()),
    message: v.nullable(v.string()),
  }),
  v.object({ type: v.literal('list_joined'), at: v.string(), listId: id, listName: v.string() }),
  ...RecipientMailItemSchema.options,
  /** A message the contact wrote to the inbox (the gateway adds these from the mailer's inbox). */
  v.object({
    type: v.literal('email_received'),
    at: v.string(),
    inboxId: v.number(),
    subject: v.string(),
    snippet: v.string(),
  }),
]);
export type ContactHistoryItem = v.InferOutput<typeof ContactHistoryItemSchema>;
export const ContactHistorySchema = v.object({
  contact: ContactSchema,
  items: v.array(ContactHistoryItemSchema),
  shownSince: HistoryShownSinceSchema,
});
export type ContactHistory = v.InferOutput<typeof ContactHistorySchema>;
/**
 * `GET /api/marketing/contacts/{id}/history`: crm's history with the contact's mail merged in.
 * `mailUnavailable`: the mailer did not answer, so the mail is missing and the rest is shown.
 */
export const ContactHistoryPageSchema = v.object({ ...ContactHistorySchema.entries, mailUnavailable: v.boolean() });
export type ContactHistoryPage = v.InferOutput<typeof ContactHistoryPageSchema>;

// ---- CSV import ----

/** A row of an import as it crosses the bus: email, firstName, lastName, phone, address, notes. */
export const ImportRowSchema = v.tuple([
  v.string(),
  v.nullable(v.string()),
  v.nullable(v.string()),
  v.nullable(v.string()),
  v.nullable(v.string()),
  v.nullable(v.string()),
]);
export type ImportRow = v.InferOutput<typeof ImportRowSchema>;

/** One chunk of an import (sized under NATS's max_payload); `(importId, seq)` applies once. */
export const ImportChunkInputSchema = v.object({
  importId: v.pipe(v.string(), v.uuid()),
  seq: v.pipe(v.number(), v.integer(), v.minValue(0)),
  rows: v.pipe(v.array(ImportRowSchema), v.maxLength(10_000)),
});
export type ImportChunkInput = v.InferOutput<typeof ImportChunkInputSchema>;
export const ImportChunkResultSchema = v.object({ imported: count, updated: count });

export const ImportErrorSchema = v.object({ line: count, reason: v.string() });
export type ImportError = v.InferOutput<typeof ImportErrorSchema>;

/** The answer of `POST /api/marketing/contacts/import`: the first 100 errors and their total. */
export const ImportResultSchema = v.object({
  imported: count,
  updated: count,
  skipped: count,
  errors: v.array(ImportErrorSchema),
  errorCount: count,
});
export type ImportResult = v.InferOutput<typeof ImportResultSchema>;
export const IMPORT_ERRORS_SHOWN = 100;

// ---- Lists ----

export const ContactListSchema = v.object({
  id,
  name: v.string(),
  description: v.nullable(v.string()),
  contact_count: count,
  created_at: v.string(),
  updated_at: v.string(),
  /** Bumped by every change of its name or description; an edit sends the one it opened. */
  version: id,
});
export type ContactList = v.InferOutput<typeof ContactListSchema>;

/** The list form (spec §5): name required, description optional. */
export const ListFormSchema = v.object({
  name: v.pipe(
    v.optional(v.string('List name is required'), ''),
    v.trim(),
    v.minLength(1, 'List name is required'),
    v.maxLength(200, 'At most 200 characters'),
    storable(),
  ),
  description: optionalText(1000),
});
export type ListForm = v.InferOutput<typeof ListFormSchema>;
export type ListFormInput = v.InferInput<typeof ListFormSchema>;

/** `PUT /api/marketing/lists/{id}`: the list form and the version opened. */
export const ListUpdateSchema = v.object({ ...ListFormSchema.entries, version: RecordVersionSchema });
export type ListUpdate = v.InferOutput<typeof ListUpdateSchema>;
export type ListUpdateInput = v.InferInput<typeof ListUpdateSchema>;

export const ListDuplicateSchema = v.object({
  ...ListFormSchema.entries,
  copyContacts: v.optional(v.boolean('copyContacts must be true or false'), true),
});
export type ListDuplicate = v.InferOutput<typeof ListDuplicateSchema>;

export const ListIdInputSchema = v.object({ id });
export const ListUpdateInputSchema = v.object({ id, list: ListUpdateSchema });
export const ListDuplicateInputSchema = v.object({ id, copy: ListDuplicateSchema });
export const ListMemberInputSchema = v.object({ listId: id, contactId: id });

/** `POST /api/marketing/contacts-to-list` (spec §5: 'Please select a list', 'Please select at least one contact'). */
export const ContactsToListSchema = v.object({
  listId: v.pipe(
    v.optional(v.number('Please select a list'), 0),
    v.integer('Please select a list'),
    v.minValue(1, 'Please select a list'),
    v.maxValue(2_147_483_647, 'Please select a list'),
  ),
  contactIds: v.pipe(
    v.optional(v.array(id, 'Please select at least one contact'), []),
    v.minLength(1, 'Please select at least one contact'),
    v.maxLength(10_000, 'At most 10,000 contacts at once'),
  ),
});
export type ContactsToList = v.InferOutput<typeof ContactsToListSchema>;
/** `success`: contacts now on the list (added or already there); `added`: new members; `missing`: unknown ids. */
export const ContactsToListResultSchema = v.object({
  results: v.object({ success: count, added: count, missing: count }),
});

// ---- Form submission → contact ----

export const ConvertSubmissionSchema = v.object({
  listId: v.optional(
    v.nullable(
      v.pipe(
        v.number('listId must be a list id'),
        v.integer('listId must be a list id'),
        v.minValue(1, 'listId must be a list id'),
        v.maxValue(2_147_483_647, 'listId must be a list id'),
      ),
    ),
    null,
  ),
});
export const ConvertSubmissionInputSchema = v.object({ submissionId: id, listId: v.nullable(id) });
export const ConvertSubmissionResultSchema = v.object({ contact: ContactSchema, created: v.boolean() });
export type ConvertSubmissionResult = v.InferOutput<typeof ConvertSubmissionResultSchema>;

/** One data row of an import CSV after its header was mapped: only the e-mail is required. */
export const ImportCsvRowSchema = v.object({
  email: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.minLength(1, 'Email is missing'),
    v.email('Invalid email'),
    v.maxLength(254, 'Email is longer than 254 characters'),
  ),
  firstName: optionalText(100),
  lastName: optionalText(100),
  phone: optionalText(40),
  address: optionalText(500),
  notes: optionalText(5000),
});

/** The largest CSV import file the gateway accepts by default (IMPORT_MAX_BYTES). */
export const IMPORT_MAX_BYTES_DEFAULT = 256 * 1024 * 1024;

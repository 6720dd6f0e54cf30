/**
 * Contacts, lists, contact history and CSV imports (spec: staff dashboard §3, §5, §7). The
 * dashboard's forms, the gateway's routes and crm's request handlers validate with these schemas.
 * Contacts and lists keep the spec's field names: contacts in camelCase, lists in snake_case
 * (`contact_count`, `created_at`), as the spec's screens read them.
 */
import * as v from 'valibot';
import {
  ContactTagsSchema,
  CUSTOM_FIELD_KEY,
  CustomValuesInputSchema,
  CustomValuesSchema,
  normalTag,
  TAG_MAX_LENGTH,
} from './contact-fields.ts';
import { RecipientMailItemSchema } from './email.ts';
import { HistoryShownSinceSchema } from './history-window.ts';
import { RecordVersionSchema } from './record-version.ts';
import { intString, pageQueryEntries } from './query-string.ts';
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
  /** Lower-cased labels, each once (contact-fields.ts). */
  tags: v.array(v.string()),
  /** Values of the custom fields by field key, typed (text, number, "YYYY-MM-DD", true/false). */
  customFields: CustomValuesSchema,
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
  tags: v.optional(ContactTagsSchema, []),
  /** By field key; crm checks each against its field's type (400 naming the field). */
  customFields: v.optional(CustomValuesInputSchema, {}),
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
  /** Left out: the contact keeps its tags (a client that knows none never wipes them). */
  tags: v.optional(ContactTagsSchema),
  /** Left out: the contact keeps its values; given: the values it has afterwards (null clears one). */
  customFields: v.optional(CustomValuesInputSchema),
  version: RecordVersionSchema,
});
export type ContactUpdate = v.InferOutput<typeof ContactUpdateSchema>;

export const CONTACTS_PAGE_DEFAULT = 100;
export const CONTACTS_PAGE_MAX = 1000;

/** The query string of `GET /api/marketing/contacts` (all optional). */
/** A tag to filter by, as stored (trimmed, lower-cased). */
const TagFilterSchema = v.pipe(
  v.string(),
  v.transform(normalTag),
  v.maxLength(TAG_MAX_LENGTH, `A tag is at most ${TAG_MAX_LENGTH} characters`),
  storable(),
);

export const ContactsQuerySchema = v.object({
  listId: v.optional(v.pipe(intString('listId must be a list id'), v.minValue(1, 'listId must be a list id'))),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'The search is limited to 200 characters'), storable())),
  status: v.optional(v.picklist(CONTACT_STATUSES, 'Unknown status')),
  /** Only contacts with this tag (any case). */
  tag: v.optional(TagFilterSchema),
  /** Only the contacts a saved segment matches now. */
  segmentId: v.optional(
    v.pipe(intString('segmentId must be a segment id'), v.minValue(1, 'segmentId must be a segment id')),
  ),
  ...pageQueryEntries(CONTACTS_PAGE_MAX, CONTACTS_PAGE_DEFAULT),
});

/** What crm is asked for a page of contacts: newest first, after `cursor` (a contact id). */
export const ContactsPageInputSchema = v.object({
  listId: v.optional(id),
  /** Only these contacts (an export of hand-picked ones). */
  ids: v.optional(v.pipe(v.array(id), v.maxLength(10_000))),
  q: v.optional(v.string()),
  status: v.optional(v.picklist(CONTACT_STATUSES)),
  tag: v.optional(v.string()),
  segmentId: v.optional(id),
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
  /** A call staff logged with the contact ("Log a call"). */
  v.object({
    type: v.literal('call_logged'),
    at: v.string(),
    callId: v.number(),
    note: v.string(),
    loggedBy: v.string(),
  }),
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

/**
 * A row of an import as it crosses the bus: email, firstName, lastName, phone, address, notes,
 * then its tags and its custom values by field key (typed by the gateway; null: none in the file).
 */
export const ImportRowSchema = v.tuple([
  v.string(),
  v.nullable(v.string()),
  v.nullable(v.string()),
  v.nullable(v.string()),
  v.nullable(v.string()),
  v.nullable(v.string()),
  v.nullable(v.array(v.string())),
  v.nullable(CustomValuesSchema),
]);
export type ImportRow = v.InferOutput<typeof ImportRowSchema>;

/** The fields an import fills, in the order of an ImportRow. */
export const IMPORT_FIELDS = ['email', 'firstName', 'lastName', 'phone', 'address', 'notes'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** A column that holds a contact's tags ("vip; lake view"). */
export const IMPORT_TAGS = 'tags';
/** The mapping target of a custom field: `custom:<key>`. */
export const customTarget = (key: string) => `custom:${key}` as const;
export type CustomTarget = ReturnType<typeof customTarget>;
/** What a column of an import may fill: a contact field, the tags, or a custom field. */
export type ImportTarget = ImportField | typeof IMPORT_TAGS | CustomTarget;
/** The custom field key of a target, or null for the others. */
export const customKeyOf = (target: ImportTarget | null | undefined): string | null =>
  target?.startsWith('custom:') ? target.slice('custom:'.length) : null;

const IMPORT_TARGET_MESSAGE = `Each column must be one of ${IMPORT_FIELDS.join(', ')}, tags, custom:<key>, or null to skip it`;
export const ImportTargetSchema = v.union(
  [
    v.picklist(IMPORT_FIELDS),
    v.literal(IMPORT_TAGS),
    v.pipe(
      v.string(),
      v.check((s) => s.startsWith('custom:') && CUSTOM_FIELD_KEY.test(s.slice('custom:'.length))),
      v.transform((s) => s as CustomTarget),
    ),
  ],
  IMPORT_TARGET_MESSAGE,
);

/** Said of a column mapping without an email column, by the dialog and by the gateway alike. */
export const IMPORT_MAPPING_NO_EMAIL = 'Choose the column that holds the email';

/**
 * The column mapping chosen in the import dialog: the field each column of the file fills, in the
 * header's order (null: the column is not imported). It crosses as JSON in the multipart field
 * `columns`. Several columns may name one field (the first filled wins, as with Outlook's phones);
 * one of them must be the email. The gateway checks its length against the file's header.
 */
export const ImportMappingSchema = v.pipe(
  v.string('columns must be a JSON array of fields'),
  v.parseJson(undefined, 'columns must be a JSON array of fields'),
  v.array(v.nullable(ImportTargetSchema), 'columns must be a JSON array of fields'),
  v.maxLength(2000, 'columns names at most 2,000 columns'),
  v.check((columns) => columns.includes('email'), IMPORT_MAPPING_NO_EMAIL),
);
export type ImportMapping = v.InferOutput<typeof ImportMappingSchema>;

/**
 * What an import does with a contact it already has (matched by e-mail, any case): `update` gives
 * it the file's non-empty fields, `fill` only fills the fields it has empty, `skip` leaves it as
 * it is. Its status is never touched (an unsubscribed contact stays unsubscribed).
 */
export const IMPORT_EXISTING = ['update', 'fill', 'skip'] as const;
export type ImportExisting = (typeof IMPORT_EXISTING)[number];

/**
 * One chunk of an import (sized under NATS's max_payload); `(importId, seq)` applies once. With
 * `listId`, every contact of the chunk (new or already known, skipped ones included) joins that list.
 */
export const ImportChunkInputSchema = v.object({
  importId: v.pipe(v.string(), v.uuid()),
  seq: v.pipe(v.number(), v.integer(), v.minValue(0)),
  rows: v.pipe(v.array(ImportRowSchema), v.maxLength(10_000)),
  listId: v.optional(id),
  existing: v.optional(v.picklist(IMPORT_EXISTING), 'update'),
});
export type ImportChunkInput = v.InferInput<typeof ImportChunkInputSchema>;
/** New contacts, known ones changed, known ones the file changed nothing of, known ones left alone (`skip`). */
export const ImportChunkResultSchema = v.object({ imported: count, updated: count, unchanged: count, skipped: count });
export type ImportChunkResult = v.InferOutput<typeof ImportChunkResultSchema>;

/** A row not imported: its line, why, and the row as the file had it (none for an unreadable row). */
export const ImportErrorSchema = v.object({ line: count, reason: v.string(), cells: v.optional(v.array(v.string())) });
export type ImportError = v.InferOutput<typeof ImportErrorSchema>;

/**
 * The answer of `POST /api/marketing/contacts/import`: what the import did, the rows it did not
 * import (the first IMPORT_ERRORS_KEPT, with their cells while they fit IMPORT_ERROR_CELLS_MAX_CHARS,
 * so they can be downloaded, fixed and imported again) and the list the imported contacts joined
 * when one was chosen (or named, and made) in the dialog.
 */
export const ImportResultSchema = v.object({
  ...ImportChunkResultSchema.entries,
  /** Rows not imported (no or a bad e-mail, a field too long, an unreadable row). */
  invalid: count,
  errors: v.array(ImportErrorSchema),
  /** The file's header row, as it named its columns (the downloaded rows not imported keep it). */
  header: v.array(v.string()),
  /** How the file was read: its text encoding ("UTF-8", "Windows-1252", "UTF-16LE", …) and column separator. */
  format: v.object({ encoding: v.string(), delimiter: v.picklist([',', ';', '\t']) }),
  /** The header's columns no field takes (as the file names them): not imported, and said so. */
  ignoredColumns: v.array(v.string()),
  list: v.optional(v.object({ id, name: v.string() })),
});
export type ImportResult = v.InferOutput<typeof ImportResultSchema>;
/**
 * The answer of `POST /api/marketing/contacts/import/preview`, which reads the beginning of a file
 * as the import would (encoding, separator, the header looked for below an export's notes): how it
 * was read, the header row, the field each column goes to by its name (null: not imported) and
 * the first data rows' cells with their line numbers, for the dialog to show them as they will be
 * stored under the mapping staff choose.
 */
export const ImportPreviewSchema = v.object({
  format: ImportResultSchema.entries.format,
  header: v.array(v.string()),
  columns: v.array(v.nullable(ImportTargetSchema)),
  rows: v.array(v.object({ line: count, cells: v.array(v.string()) })),
});
export type ImportPreview = v.InferOutput<typeof ImportPreviewSchema>;
/** Rows not imported the dialog lists (all of those answered can be downloaded). */
export const IMPORT_ERRORS_SHOWN = 100;
/** Rows not imported an answer names. */
export const IMPORT_ERRORS_KEPT = 10_000;
/** Characters of the answer's rejected rows' cells; past them, rows are named by line and reason only. */
export const IMPORT_ERROR_CELLS_MAX_CHARS = 2_000_000;

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

/**
 * An import's options, from the multipart fields sent before the file: the list its contacts join
 * (`listId`, an existing list, or `newListName`, a list made for the import, or neither) and what
 * it does with contacts it already has (`existing`, IMPORT_EXISTING; `update` when not said), and
 * the column mapping chosen in the dialog (`columns`; without it, the header's names choose).
 */
export const ImportOptionsSchema = v.pipe(
  v.object({
    listId: v.optional(v.pipe(intString('listId must be a list id'), v.minValue(1, 'listId must be a list id'))),
    newListName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'At most 200 characters'), storable())),
    existing: v.optional(v.picklist(IMPORT_EXISTING, 'existing must be update, fill or skip'), 'update'),
    columns: v.optional(ImportMappingSchema),
  }),
  v.check((c) => !(c.listId !== undefined && c.newListName), 'Choose an existing list or name a new one, not both'),
);
export type ImportOptions = v.InferOutput<typeof ImportOptionsSchema>;

/** The largest CSV import file the gateway accepts by default (IMPORT_MAX_BYTES). */
export const IMPORT_MAX_BYTES_DEFAULT = 256 * 1024 * 1024;

// ---- Bulk actions on contacts ----

/** What staff can do to many contacts at once from the Contacts screen. */
export const CONTACT_BULK_ACTIONS = ['add_to_list', 'remove_from_list', 'set_status', 'delete'] as const;
export type ContactBulkAction = (typeof CONTACT_BULK_ACTIONS)[number];

/**
 * The contacts a bulk action applies to: hand-picked `ids`, or every contact that `match`es the
 * Contacts screen's query (search, status, list, tag, segment): the same filter as `GET /api/marketing/contacts`,
 * so the action reaches exactly what the table shows and its "N matching" counted.
 */
export const ContactMatchSchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'The search is limited to 200 characters'), storable())),
  status: v.optional(v.picklist(CONTACT_STATUSES, 'Unknown status')),
  listId: v.optional(id),
  tag: v.optional(TagFilterSchema),
  /** The contacts a saved segment matches when the chunk is taken. */
  segmentId: v.optional(id),
});
export type ContactMatch = v.InferOutput<typeof ContactMatchSchema>;
export const ContactSelectionSchema = v.union(
  [
    v.object({
      ids: v.pipe(
        v.array(id, 'Please select at least one contact'),
        v.minLength(1, 'Please select at least one contact'),
        v.maxLength(10_000, 'At most 10,000 contacts at once: select all matching instead'),
      ),
    }),
    v.object({ match: ContactMatchSchema }),
  ],
  'Please select at least one contact',
);
export type ContactSelection = v.InferOutput<typeof ContactSelectionSchema>;

const bulkListId = v.pipe(
  v.optional(v.number('Please select a list'), 0),
  v.integer('Please select a list'),
  v.minValue(1, 'Please select a list'),
  v.maxValue(2_147_483_647, 'Please select a list'),
);

/** `POST /api/marketing/contacts/bulk`: one action on a selection (header `X-Progress-Id` names it for its progress). */
export const ContactsBulkSchema = v.variant(
  'action',
  [
    v.object({ action: v.literal('add_to_list'), listId: bulkListId, selection: ContactSelectionSchema }),
    v.object({ action: v.literal('remove_from_list'), listId: bulkListId, selection: ContactSelectionSchema }),
    v.object({
      action: v.literal('set_status'),
      status: v.picklist(CONTACT_STATUSES, 'Please choose a status'),
      selection: ContactSelectionSchema,
    }),
    v.object({ action: v.literal('delete'), selection: ContactSelectionSchema }),
  ],
  'Unknown bulk action',
);
export type ContactsBulk = v.InferOutput<typeof ContactsBulkSchema>;

/** `POST /api/marketing/contacts/export`: hand-picked contacts as CSV (a match is exported by `GET`). */
export const ContactsExportSchema = v.object({
  ids: v.pipe(
    v.array(id, 'Please select at least one contact'),
    v.minLength(1, 'Please select at least one contact'),
    v.maxLength(10_000, 'At most 10,000 contacts at once: select all matching instead'),
  ),
});

/** The largest number of contacts crm changes in one transaction of a bulk action. */
export const CONTACTS_BULK_CHUNK_MAX = 10_000;

/** What crm is asked: the next chunk of the selection, contacts with ids below `before`, newest first. */
export const ContactsBulkChunkInputSchema = v.object({
  bulk: ContactsBulkSchema,
  before: v.optional(id),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(CONTACTS_BULK_CHUNK_MAX)),
});
export type ContactsBulkChunkInput = v.InferOutput<typeof ContactsBulkChunkInputSchema>;
/**
 * One chunk done: `matched` contacts of the selection were in it, `changed` of them changed
 * (added, removed, given the status, deleted), `kept` were left as they were on purpose (an
 * unsubscribed or bounced contact is never made subscribed by a bulk change). `nextBefore` is
 * where the next chunk starts, null when the selection is done.
 */
export const ContactsBulkChunkResultSchema = v.object({
  matched: count,
  changed: count,
  kept: count,
  nextBefore: v.nullable(id),
});
export type ContactsBulkChunkResult = v.InferOutput<typeof ContactsBulkChunkResultSchema>;
/** The answer of `POST /api/marketing/contacts/bulk`: the totals of its chunks. */
export const ContactsBulkResultSchema = v.object({
  action: v.picklist(CONTACT_BULK_ACTIONS),
  matched: count,
  changed: count,
  kept: count,
});
export type ContactsBulkResult = v.InferOutput<typeof ContactsBulkResultSchema>;

/** `GET /api/marketing/progress/{id}`: how far a long import or bulk action is (`total` null while unknown). */
export const OperationProgressSchema = v.object({ done: count, total: v.nullable(count), finished: v.boolean() });
export type OperationProgress = v.InferOutput<typeof OperationProgressSchema>;

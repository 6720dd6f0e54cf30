/**
 * The inbox (staff dashboard spec §2, §3, §7): the constants of inbound mail, the shape the
 * mailer normalises every provider's post to, the hand-over of a post from the gateway to the
 * mailer (`rpc.mailer.inbound.receive`), and the staff API's payloads. The gateway, the mailer
 * and the Inbox screen validate with these schemas.
 */
import * as v from 'valibot';
import { GivenBytesSchema } from './given-bytes.ts';
import { storable } from './text.ts';

export const INBOUND_PROVIDERS = ['sendgrid', 'mailgun', 'postmark', 'raw'] as const;
export type InboundProvider = (typeof INBOUND_PROVIDERS)[number];
/** Where a stored message came from: a provider's webhook, or the staff test helper. */
export const INBOUND_SOURCES = [...INBOUND_PROVIDERS, 'test'] as const;
export type InboundSource = (typeof INBOUND_SOURCES)[number];

const MiB = 1024 * 1024;
/** The largest attachment kept; a larger one is listed with its name and size but not stored. */
export const INBOUND_ATTACHMENT_MAX_BYTES = 10 * MiB;
/** Attachments kept per message (in order); later ones are listed but not stored. */
export const INBOUND_ATTACHMENTS_MAX = 30;
/** All kept attachments of one message together; past it, later ones are listed but not stored. */
export const INBOUND_ATTACHMENTS_TOTAL_MAX_BYTES = 20 * MiB;

const text = v.pipe(v.string(), storable());

/** An attachment as listed with its message (its bytes are stored beside it, when kept). */
export const InboundAttachmentSchema = v.object({
  filename: v.pipe(text, v.maxLength(255)),
  contentType: v.pipe(text, v.maxLength(255)),
  contentId: v.nullable(v.pipe(text, v.maxLength(255))),
  /** Size of the file as received, in bytes. */
  size: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Null when kept; why not otherwise (over a cap: listed with its name and size only). */
  skippedReason: v.nullable(v.picklist(['too_large', 'too_many'])),
});
export type InboundAttachment = v.InferOutput<typeof InboundAttachmentSchema>;

/** One message as the mailer normalises a post; `html` is as received (sanitised when stored). */
export const InboundMailSchema = v.object({
  source: v.picklist(INBOUND_SOURCES),
  /** The Message-ID without angle brackets (a stable one is made from the content when absent). */
  messageId: v.pipe(text, v.minLength(1), v.maxLength(998)),
  fromName: v.pipe(text, v.maxLength(998)),
  fromEmail: v.pipe(text, v.maxLength(320)),
  to: text,
  cc: text,
  subject: text,
  text,
  html: text,
  /** The Date header, ISO; null when missing or unreadable. */
  sentAt: v.nullable(v.string()),
  inReplyTo: v.nullable(v.pipe(text, v.maxLength(998))),
  references: v.array(v.pipe(text, v.maxLength(998))),
  /** The raw header block (for tracing a message; at most 64 KiB kept). */
  headers: text,
  attachments: v.array(InboundAttachmentSchema),
});
export type InboundMail = v.InferOutput<typeof InboundMailSchema>;

/**
 * `rpc.mailer.inbound.receive`: a provider's post, as the gateway read it, handed over to the
 * mailer (`handOver(bus, 'inbound', …)`: the body's bytes under `key`, over NATS's max_payload).
 * `source` is the provider whose parser reads it (`test`: the staff helper's raw message);
 * `contentType` is the request's header, boundary and all.
 */
export const InboundReceiveInputSchema = v.object({
  key: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.-]{1,200}$/)),
  source: v.picklist(INBOUND_SOURCES),
  contentType: v.pipe(v.string(), v.maxLength(1000)),
});
export type InboundReceiveInput = v.InferOutput<typeof InboundReceiveInputSchema>;

/**
 * How long the gateway waits for the mailer's answer to a post: its turn among the mailer's
 * parses, then reading, parsing and storing 25 MiB while other posts do the same. Past it the
 * provider is answered 503 and posts again (the mailer may still store the first: a duplicate).
 */
export const INBOUND_RECEIVE_TIMEOUT_MS = 120_000;

/**
 * What `POST /api/inbound/{provider}` and the test helper answer once the mailer committed the
 * message: `duplicate` when its Message-ID was stored already (nothing new stored).
 */
export const InboundAcceptedSchema = v.object({ messageId: v.string(), duplicate: v.boolean() });
export type InboundAccepted = v.InferOutput<typeof InboundAcceptedSchema>;

// ---------------------------------------------------------------- staff API

export const INBOX_STATUSES = ['inbox', 'archived'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
/** The spec's page size (§9). */
export const INBOX_PAGE_SIZE = 15;

const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2147483647));

/** A row of the inbox list (no bodies). */
export const InboxEmailSummarySchema = v.object({
  id: v.number(),
  subject: v.string(),
  fromName: v.string(),
  fromEmail: v.string(),
  receivedAt: v.string(),
  isRead: v.boolean(),
  status: v.picklist(INBOX_STATUSES),
  hasAttachments: v.boolean(),
  /** The first words of the plain body. */
  snippet: v.string(),
  /** The CRM contact with the sender's address, when there is one (the gateway asks crm). */
  contactId: v.optional(v.nullable(v.number())),
});
export type InboxEmailSummary = v.InferOutput<typeof InboxEmailSummarySchema>;

export const InboxAttachmentInfoSchema = v.object({
  id: v.number(),
  filename: v.string(),
  contentType: v.string(),
  size: v.number(),
  /** False when it was over a cap: listed, not downloadable. */
  stored: v.boolean(),
});
export type InboxAttachmentInfo = v.InferOutput<typeof InboxAttachmentInfoSchema>;

/** One message as the mailer describes it; the bodies' sizes say what to read in slices. */
export const InboxEmailMetaSchema = v.object({
  ...InboxEmailSummarySchema.entries,
  to: v.string(),
  cc: v.string(),
  sentAt: v.nullable(v.string()),
  messageId: v.string(),
  inReplyTo: v.nullable(v.string()),
  references: v.array(v.string()),
  /** The sanitised HTML refers to images on other hosts (blocked until the reader asks). */
  hasRemoteImages: v.boolean(),
  attachments: v.array(InboxAttachmentInfoSchema),
  bodyTextBytes: v.number(),
  bodyHtmlBytes: v.number(),
  /** The broadcast this message replies to (its In-Reply-To/References name one), else null. */
  campaignId: v.optional(v.nullable(v.number())),
  campaignName: v.optional(v.nullable(v.string())),
  campaignSubject: v.optional(v.nullable(v.string())),
});
export type InboxEmailMeta = v.InferOutput<typeof InboxEmailMetaSchema>;

/** `GET /api/marketing-dashboard/inbox/{id}`: the message with its bodies (HTML sanitised). */
export type InboxEmail = Omit<InboxEmailMeta, 'bodyTextBytes' | 'bodyHtmlBytes'> & {
  bodyText: string;
  bodyHtml: string;
};

const flag = v.pipe(
  v.optional(v.union([v.boolean(), v.picklist(['true', 'false'])]), false),
  v.transform((b) => b === true || b === 'true'),
);

/** `GET /api/marketing-dashboard/inbox` query (and the mailer's list input). */
export const InboxListInputSchema = v.object({
  unreadOnly: flag,
  /** `inbox` (not archived, the default), `archived`, or `all`. */
  status: v.optional(v.picklist([...INBOX_STATUSES, 'all']), 'inbox'),
  /** Words matched in the sender, subject and plain body. */
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'At most 200 characters'), storable()), ''),
  /** Exact sender address (a contact's history). */
  from: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(320), storable())),
  limit: v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'A number from 1 to 100'), v.transform(Number))]),
      v.integer(),
      v.minValue(1, 'A number from 1 to 100'),
      v.maxValue(100, 'A number from 1 to 100'),
    ),
    INBOX_PAGE_SIZE,
  ),
  /** Opaque: the `nextCursor` of the page before. */
  cursor: v.optional(v.pipe(v.string(), v.maxLength(200))),
});
export type InboxListInput = v.InferInput<typeof InboxListInputSchema>;

export const InboxPageSchema = v.object({
  emails: v.array(InboxEmailSummarySchema),
  /** Messages matching the filters, over every page. */
  total: v.number(),
  /** Unread messages not archived (the navigation's count). */
  unreadCount: v.number(),
  nextCursor: v.nullable(v.string()),
});
export type InboxPage = v.InferOutput<typeof InboxPageSchema>;

export const InboxIdInputSchema = v.object({ id });
export const InboxStatusInputSchema = v.object({
  status: v.picklist(INBOX_STATUSES, `Status is one of ${INBOX_STATUSES.join(', ')}`),
});
export const InboxSetStatusInputSchema = v.object({ id, ...InboxStatusInputSchema.entries });
/** Mark as Read (`PUT .../inbox/{id}/read`) or Mark as Unread (`PUT .../inbox/{id}/unread`). */
export const InboxSetReadInputSchema = v.object({ id, isRead: v.boolean() });
export const InboxChangedSchema = v.object({ id: v.number(), isRead: v.boolean(), status: v.picklist(INBOX_STATUSES) });
export const InboxDeletedSchema = v.object({ deleted: v.literal(true) });

export const InboxContentReadInputSchema = v.object({
  id,
  /** `text`, `html`, or an attachment's id. */
  part: v.union([v.picklist(['text', 'html']), id]),
});
/** A body (its UTF-8 bytes) or an attachment, whole: inline when small, handed over otherwise. */
export const InboxContentSchema = v.object({
  content: GivenBytesSchema,
  /** For an attachment: its name and type, to serve it with. */
  filename: v.optional(v.string()),
  contentType: v.optional(v.string()),
});
export type InboxContent = v.InferOutput<typeof InboxContentSchema>;

// ---------------------------------------------------------------- the test helper

export const TEST_EMAIL_FORMATS = ['standard', 'gmail', 'outlook', 'randomFormat'] as const;
export type TestEmailFormat = (typeof TEST_EMAIL_FORMATS)[number];

/** `POST /api/marketing/test-webhook-email`. */
export const TestWebhookEmailSchema = v.object({
  name: v.pipe(v.optional(v.string(), ''), v.trim(), v.minLength(1, 'Name is required'), v.maxLength(200), storable()),
  email: v.pipe(v.optional(v.string(), ''), v.trim(), v.email('Valid email is required'), v.maxLength(320)),
  subject: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.minLength(1, 'Subject is required'),
    v.maxLength(500),
    storable(),
  ),
  text: v.pipe(v.optional(v.string(), ''), v.minLength(1, 'Message is required'), v.maxLength(50_000), storable()),
  emailFormat: v.optional(v.picklist(TEST_EMAIL_FORMATS, 'Pick a format'), 'standard'),
});
export type TestWebhookEmail = v.InferInput<typeof TestWebhookEmailSchema>;

// ---------------------------------------------------------------- the CRM link

export const ContactEmailsInputSchema = v.object({
  emails: v.pipe(v.array(v.pipe(v.string(), v.maxLength(320), storable())), v.maxLength(100)),
});
export const ContactMatchesSchema = v.object({
  matches: v.array(v.object({ email: v.string(), contactId: v.number() })),
});
export const ContactFromSenderInputSchema = v.object({
  email: v.pipe(v.string(), v.trim(), v.email('Valid email is required'), v.maxLength(320)),
  name: v.pipe(v.string(), v.trim(), v.maxLength(200), storable()),
});
export const ContactFromSenderSchema = v.object({ contactId: v.number(), created: v.boolean() });
export type ContactFromSender = v.InferOutput<typeof ContactFromSenderSchema>;

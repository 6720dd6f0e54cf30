/**
 * E-mail marketing payloads (staff dashboard §3, §5, §7): templates, the single send, campaigns,
 * the events that carry a send request and a contact's status change over the bus, provider
 * event webhooks, the tracking tokens' requests and the e-mail analytics summary. The web forms,
 * the gateway and the mailer validate with these schemas.
 */
import * as v from 'valibot';
import { findUnknownMergeTags, isMergeTag, unknownMergeTagsMessage } from './email-html.ts';
import { LEAD_MERGE_TAGS } from './lead-merge-tags.ts';
import { EventMetaSchema } from './events.ts';
import { HistoryShownSinceSchema } from './history-window.ts';
import { RecordVersionSchema } from './record-version.ts';
import { pageQueryEntries } from './query-string.ts';
import { storable } from './text.ts';
import { ANALYTICS_RANGES } from './analytics-period.ts';
import { AbTestSchema, CampaignAbTestSchema } from './ab-tests.ts';
import { EmailBlockSchema, EmailBlocksSchema, TEMPLATE_EDITORS } from './email-blocks.ts';

const required = (message: string, max: number) =>
  v.pipe(v.optional(v.string(message), ''), v.trim(), v.minLength(1, message), v.maxLength(max, message), storable());
const previewText = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(150, 'Preview text should be less than 150 characters'), storable()),
  '',
);
/** The merge tags a template may use beside the campaigns' own: a template chosen as a lead's instant reply fills them. */
const LEAD_ONLY_TAGS = Object.keys(LEAD_MERGE_TAGS)
  .filter((t) => !isMergeTag(t))
  .map((t) => `{{${t}}}`);
const noUnknownTags = (allowed: readonly string[] = []) =>
  v.check<string, (issue: v.CheckIssue<string>) => string>(
    (s) => findUnknownMergeTags(s).every((t) => allowed.includes(t)),
    (issue) => unknownMergeTagsMessage(findUnknownMergeTags(String(issue.input)).filter((t) => !allowed.includes(t))),
  );
const htmlContent = (message: string, allowed: readonly string[] = []) =>
  v.pipe(
    v.optional(v.string(message), ''),
    v.minLength(1, message),
    v.maxLength(500_000, 'The content is too large'),
    noUnknownTags(allowed),
  );

export const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const iso = v.pipe(v.string(), v.isoTimestamp());

/** The spec's message for a template id outside 1..2147483647 (§5). */
export const INVALID_TEMPLATE_ID = 'Invalid template ID. Please go back to templates and try again.';

export const TemplateInputSchema = v.object({
  name: required('Name is required', 200),
  subject: v.pipe(required('Subject is required', 300), noUnknownTags(LEAD_ONLY_TAGS)),
  description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000), storable()), ''),
  content: htmlContent('Content is required', LEAD_ONLY_TAGS),
  previewText: v.pipe(previewText, noUnknownTags(LEAD_ONLY_TAGS)),
  category: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100), storable()), 'Custom'),
  /**
   * Which editor made it (email-blocks.ts). A block template's `content` is what the mailer
   * rendered from its `blocks` (whatever content the request carried); 'html' clears the blocks.
   */
  editor: v.optional(v.picklist(TEMPLATE_EDITORS), 'html'),
  blocks: v.optional(v.nullable(EmailBlocksSchema), null),
});
export type TemplateInput = v.InferInput<typeof TemplateInputSchema>;

/** The create dialog asks only for name, subject and description; content starts as a placeholder. */
export const TemplateCreateSchema = v.object({
  ...TemplateInputSchema.entries,
  content: v.optional(TemplateInputSchema.entries.content, '<p>Start writing your email here...</p>'),
});

export const TemplateSchema = v.object({
  id,
  name: v.string(),
  subject: v.string(),
  description: v.string(),
  content: v.string(),
  previewText: v.string(),
  category: v.string(),
  thumbnailUrl: v.nullable(v.string()),
  /** The editor that made it; absent means HTML (a mailer from before the block editor answers without it). */
  editor: v.optional(v.picklist(TEMPLATE_EDITORS)),
  /** The blocks of a block template (null or absent for an HTML one). */
  blocks: v.optional(v.nullable(v.array(EmailBlockSchema))),
  /** Incremented by every save; a save names the version it was based on. */
  version: RecordVersionSchema,
  created_at: iso,
  updated_at: iso,
});
export type Template = v.InferOutput<typeof TemplateSchema>;

/** `PUT /api/marketing/templates/{id}`: the template's fields and the version they were based on. */
export const TemplateUpdateSchema = v.object({ ...TemplateInputSchema.entries, version: RecordVersionSchema });
export type TemplateUpdate = v.InferInput<typeof TemplateUpdateSchema>;

export const TemplateIdInputSchema = v.object({ id });
export const TemplateUpdateInputSchema = v.object({ id, version: RecordVersionSchema, template: TemplateInputSchema });

const email = v.pipe(
  v.string('Valid email is required'),
  v.trim(),
  v.email('Valid email is required'),
  v.maxLength(254),
);

/** `POST /api/marketing/single-send` (§3 Single-send email, §5 Email form). */
export const SingleSendSchema = v.pipe(
  v.object({
    subject: v.pipe(required('Subject is required', 300), noUnknownTags()),
    fromName: required('From name is required', 200),
    fromEmail: v.pipe(v.optional(email, ''), v.email('Valid email is required')),
    content: htmlContent('Email content is required'),
    previewText: v.pipe(previewText, noUnknownTags()),
    listId: v.optional(v.nullable(id)),
    /** A saved segment instead of a list (read as it stands when the send starts). */
    segmentId: v.optional(v.nullable(id)),
    recipients: v.optional(v.pipe(v.array(email), v.maxLength(10_000)), []),
    /** The campaign's name in the campaigns table; the subject when left out. */
    name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200), storable())),
    /** Start later (the campaign is 'scheduled' until then); now when left out. */
    scheduledFor: v.optional(v.nullable(iso)),
    templateId: v.optional(v.nullable(id)),
    /** An A/B test of the subject (and optionally the content); a plain send when left out. */
    abTest: v.optional(v.nullable(AbTestSchema)),
  }),
  v.forward(
    v.check(
      (s) => Boolean(s.listId) || Boolean(s.segmentId) || s.recipients.length > 0,
      'Please select recipients for your email',
    ),
    ['recipients'],
  ),
  v.forward(
    v.check(
      (s) => !s.abTest || s.abTest.variantB.subject !== s.subject || s.abTest.variantB.content !== '',
      'Variant B should differ from variant A: give it another subject or its own content',
    ),
    ['abTest', 'variantB'],
  ),
);
export type SingleSend = v.InferInput<typeof SingleSendSchema>;

/** "Send a test to me": the same content to one address, never tracked as a campaign. */
export const TestSendSchema = v.object({
  subject: SingleSendSchema.pipe[0].entries.subject,
  fromName: SingleSendSchema.pipe[0].entries.fromName,
  fromEmail: SingleSendSchema.pipe[0].entries.fromEmail,
  content: SingleSendSchema.pipe[0].entries.content,
  previewText: SingleSendSchema.pipe[0].entries.previewText,
  to: email,
});
export const TestSentSchema = v.object({ delivered: v.boolean(), detail: v.string() });

export const AudienceSchema = v.union([
  v.object({ listId: id }),
  v.object({ emails: v.pipe(v.array(v.string()), v.minLength(1), v.maxLength(10_000)) }),
  /** A saved segment (contracts/src/segments.ts), read as it stands when the send starts. */
  v.object({ segmentId: id }),
]);
export type Audience = v.InferOutput<typeof AudienceSchema>;

export const FOLLOW_UP_AUDIENCES = ['not_opened', 'not_clicked'] as const;
export type FollowUpAudience = (typeof FOLLOW_UP_AUDIENCES)[number];

/**
 * Who a campaign goes to: a list or addresses (crm resolves them), or — a follow-up — those a
 * completed campaign was delivered to who did not open it (or did not click), as people: machine
 * opens and scanner clicks do not count. Resolved when the follow-up starts, so whoever opened
 * the first message in the meantime is left out; crm still drops anyone no longer mailable.
 */
export const CampaignAudienceSchema = v.union([
  ...AudienceSchema.options,
  v.object({ followUp: v.object({ campaignId: id, who: v.picklist(FOLLOW_UP_AUDIENCES) }) }),
]);
export type CampaignAudience = v.InferOutput<typeof CampaignAudienceSchema>;

/** `mail.send.requested`: a stored single send; its event id is the campaign's request id. */
export const SendRequestedSchema = v.object({
  ...EventMetaSchema,
  send: v.object({
    name: v.string(),
    subject: v.string(),
    fromName: v.string(),
    fromEmail: v.string(),
    content: v.string(),
    previewText: v.string(),
    audience: CampaignAudienceSchema,
    scheduledFor: v.nullable(iso),
    /** A draft: stored, not started until scheduled (Create Campaign). */
    draft: v.optional(v.boolean(), false),
    abTest: v.optional(v.nullable(AbTestSchema)),
  }),
});
export type SendRequested = v.InferOutput<typeof SendRequestedSchema>;

/** `mail.contact-status.changed`: the mailer learnt that a contact must not be mailed again. */
export const ContactStatusChangedSchema = v.object({
  ...EventMetaSchema,
  email: v.pipe(v.string(), v.minLength(1), v.maxLength(254)),
  contactId: v.nullable(id),
  status: v.picklist(['unsubscribed', 'bounced']),
  reason: v.pipe(v.string(), v.maxLength(500)),
});
export type ContactStatusChanged = v.InferOutput<typeof ContactStatusChangedSchema>;

/** One SendGrid Event Webhook event: the fields used, anything else kept as it is. */
export const SendGridEventSchema = v.looseObject({
  email: v.pipe(v.string(), v.maxLength(254)),
  event: v.pipe(v.string(), v.maxLength(40)),
  sg_event_id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  timestamp: v.optional(v.number()),
  reason: v.optional(v.string()),
  type: v.optional(v.string()),
  delivery_id: v.optional(v.union([v.string(), v.number()])),
});
export const SendGridEventsSchema = v.pipe(v.array(SendGridEventSchema), v.minLength(1), v.maxLength(5000));

/** `mail.provider-events.received`: a webhook's batch, stored before the provider is answered. */
export const ProviderEventsReceivedSchema = v.object({
  ...EventMetaSchema,
  provider: v.literal('sendgrid'),
  events: SendGridEventsSchema,
});
export type ProviderEventsReceived = v.InferOutput<typeof ProviderEventsReceivedSchema>;

/**
 * One open, click or unsubscribe of a tracked message, as the gateway verified its signed link.
 * `id` is the event's own: the mailer stores each open and click id once, and an unsubscribe once
 * per delivery, so a redelivered batch counts nothing twice.
 */
export const TrackingHitSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  kind: v.picklist(['open', 'click', 'unsubscribe']),
  deliveryId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)),
  /** The link's number in the campaign (clicks); null otherwise. */
  linkIdx: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2_147_483_647))),
  userAgent: v.pipe(v.string(), v.maxLength(300)),
  at: iso,
});
export type TrackingHit = v.InferOutput<typeof TrackingHitSchema>;

/** `mail.tracking-hits.recorded`: the opens and clicks of one gateway flush, or one unsubscribe. */
export const TrackingHitsRecordedSchema = v.object({
  ...EventMetaSchema,
  hits: v.pipe(v.array(TrackingHitSchema), v.minLength(1), v.maxLength(5000)),
});
export type TrackingHitsRecorded = v.InferOutput<typeof TrackingHitsRecordedSchema>;

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'active', 'completed', 'paused'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** A row of `GET /api/marketing/campaigns` (§3); rates in percent, null unless active or completed. */
export const CampaignSchema = v.object({
  id,
  requestId: v.string(),
  name: v.string(),
  subject: v.string(),
  status: v.picklist(CAMPAIGN_STATUSES),
  created_at: iso,
  scheduled_for: v.nullable(iso),
  sent_count: count,
  /**
   * The recipients: exact once sending started (one delivery per mailable contact); before
   * that (draft, scheduled) the expected audience size counted from crm when the campaign was
   * stored or scheduled, with `recipients_estimated` true.
   */
  total_recipients: count,
  recipients_estimated: v.boolean(),
  open_rate: v.nullable(v.number()),
  click_rate: v.nullable(v.number()),
  /**
   * Why the sender paused it on its own (the mail relay not answering); sending resumes by
   * itself when the relay answers again. Null when staff paused it, or when it is not paused.
   */
  pausedReason: v.nullable(v.string()),
  /** Its A/B subject test, if any: `testing` until a winner is picked, then the winner. */
  abTestStatus: v.optional(v.nullable(v.picklist(['testing', 'a_won', 'b_won'])), null),
});
export type Campaign = v.InferOutput<typeof CampaignSchema>;

export const DELIVERY_STATUSES = ['pending', 'claimed', 'sending', 'sent', 'failed', 'unknown', 'outbox'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One campaign's progress: deliveries by status, unique/total opens and clicks. */
export const CampaignDetailSchema = v.object({
  ...CampaignSchema.entries,
  fromName: v.string(),
  fromEmail: v.string(),
  deliveries: v.record(v.picklist(DELIVERY_STATUSES), count),
  /** Sent less bounced: what the open and click rates divide by. */
  delivered: count,
  /** Opens and clicks by people: machine opens and scanner clicks are counted apart. */
  uniqueOpens: count,
  totalOpens: count,
  /** Machine opens: privacy proxies (Apple Mail Privacy Protection) and prefetch on delivery. */
  proxyOpens: count,
  uniqueClicks: count,
  totalClicks: count,
  /** Clicks link scanners made (security gateways following every link), not counted as clicks. */
  scannerClicks: count,
  /** The campaign this one follows up (sent to those who did not open or click it). */
  followUpOf: v.nullable(v.object({ id, name: v.string(), who: v.picklist(FOLLOW_UP_AUDIENCES) })),
  /** Its A/B subject test, with each variant's figures and the winner; null for a plain campaign. */
  abTest: v.optional(v.nullable(CampaignAbTestSchema)),
  failures: v.array(v.object({ email: v.string(), error: v.string() })),
});
export type CampaignDetail = v.InferOutput<typeof CampaignDetailSchema>;

export const CampaignLookupSchema = v.object({ id });

/**
 * What a campaign's report shows beside its figures: each link with its clicks by people, the
 * opens and clicks by people over time (an hour a point for the first 48 hours after the first
 * message was sent, then a day a point, in the site's time zone), and what came back.
 */
export const CampaignReportSchema = v.object({
  links: v.array(v.object({ idx: count, url: v.string(), uniqueClicks: count, totalClicks: count })),
  /** The message as written (variant A's of an A/B test), for a preview with each link's clicks marked on it. */
  content: v.string(),
  timeline: v.array(v.object({ at: iso, unit: v.picklist(['hour', 'day']), opens: count, clicks: count })),
  /**
   * Messages that bounced (a provider's bounce, or refused when sent), of them hard (refused for
   * good) and soft (refused for now, given up after retries); spam complaints and unsubscribes.
   */
  bounced: count,
  hardBounces: count,
  softBounces: count,
  complaints: count,
  unsubscribes: count,
});
export type CampaignReport = v.InferOutput<typeof CampaignReportSchema>;

export const CAMPAIGN_RECIPIENT_FILTERS = [
  'all',
  'opened',
  'not_opened',
  'clicked',
  'bounced',
  'unsubscribed',
] as const;
export type CampaignRecipientFilter = (typeof CAMPAIGN_RECIPIENT_FILTERS)[number];
export const CAMPAIGN_RECIPIENTS_PAGE = 50;

/** A page of a campaign's recipients: those the filter keeps whose address contains `search`, after delivery `after`. */
export const CampaignRecipientsInputSchema = v.object({
  id,
  filter: v.optional(v.picklist(CAMPAIGN_RECIPIENT_FILTERS), 'all'),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'A search is at most 200 characters')), ''),
  after: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))), null),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2000)), CAMPAIGN_RECIPIENTS_PAGE),
});
export type CampaignRecipientsInput = v.InferInput<typeof CampaignRecipientsInputSchema>;

/** The query string of `GET /api/marketing/campaigns/{id}/recipients` (all optional; `cursor` is the last delivery id shown). */
export const CampaignRecipientsQuerySchema = v.object({
  filter: v.optional(
    v.picklist(CAMPAIGN_RECIPIENT_FILTERS, `filter must be one of ${CAMPAIGN_RECIPIENT_FILTERS.join(', ')}`),
  ),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'A search is at most 200 characters'), storable())),
  ...pageQueryEntries(500, CAMPAIGN_RECIPIENTS_PAGE),
});

/** One recipient of a campaign: the delivery's status and when a person first opened and clicked. */
export const CampaignRecipientSchema = v.object({
  deliveryId: count,
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  status: v.picklist(DELIVERY_STATUSES),
  sentAt: v.nullable(iso),
  openedAt: v.nullable(iso),
  clickedAt: v.nullable(iso),
  bouncedAt: v.nullable(iso),
  unsubscribedAt: v.nullable(iso),
});
export type CampaignRecipient = v.InferOutput<typeof CampaignRecipientSchema>;

export const CampaignRecipientsPageSchema = v.object({
  items: v.array(CampaignRecipientSchema),
  /** The `after` of the next page; null on the last. */
  next: v.nullable(count),
  /** Recipients the filter and search keep, all pages together. */
  total: count,
});
export type CampaignRecipientsPage = v.InferOutput<typeof CampaignRecipientsPageSchema>;

/**
 * What storing a send request answers (the 202 of `POST /single-send` and `POST /campaigns`): the
 * campaign's id, the one its page and actions use, and its status (draft, scheduled or active).
 */
export const SendAcceptedSchema = v.object({ campaignId: id, status: v.picklist(CAMPAIGN_STATUSES) });
export type SendAccepted = v.InferOutput<typeof SendAcceptedSchema>;
export const CampaignScheduleInputSchema = v.object({ id, scheduledFor: v.nullable(iso) });

/** The longest wait before a follow-up goes out: a week. */
export const FOLLOW_UP_MAX_DELAY_HOURS = 168;

/** "Send to those who did not open": who, the new subject, and how many hours to wait first. */
export const CampaignFollowUpFormSchema = v.object({
  who: v.picklist(FOLLOW_UP_AUDIENCES, 'Choose who gets the follow-up'),
  subject: SingleSendSchema.pipe[0].entries.subject,
  delayHours: v.pipe(
    v.number('The wait is a number of hours'),
    v.integer('The wait is a whole number of hours'),
    v.minValue(0, 'The wait cannot be negative'),
    v.maxValue(FOLLOW_UP_MAX_DELAY_HOURS, `The wait is at most ${FOLLOW_UP_MAX_DELAY_HOURS} hours (a week)`),
  ),
});
export type CampaignFollowUpForm = v.InferOutput<typeof CampaignFollowUpFormSchema>;
export type CampaignFollowUpFormInput = v.InferInput<typeof CampaignFollowUpFormSchema>;
/** What the mailer is asked: the form, for campaign `id`, once per request id. */
export const CampaignFollowUpInputSchema = v.object({
  ...CampaignFollowUpFormSchema.entries,
  id,
  requestId: v.pipe(v.string(), v.uuid()),
});

/** The ranges of e-mail analytics are web analytics' ranges. */
export const EmailAnalyticsInputSchema = v.object({ days: v.picklist(ANALYTICS_RANGES) });
export const EmailAnalyticsSchema = v.object({
  openRate: v.number(),
  clickRate: v.number(),
  bounceRate: v.number(),
  totalSent: count,
  /** One point per day of the range (YYYY-MM-DD in the site's time zone), oldest first. */
  series: v.array(v.object({ date: v.string(), sent: count, opens: count, clicks: count, bounces: count })),
});
export type EmailAnalytics = v.InferOutput<typeof EmailAnalyticsSchema>;

/** A tracking or unsubscribe token from a link in a message, with who followed it. */
export const TrackInputSchema = v.object({
  token: v.pipe(v.string(), v.maxLength(200)),
  userAgent: v.optional(v.pipe(v.string(), v.maxLength(1000)), ''),
  ip: v.optional(v.pipe(v.string(), v.maxLength(100)), ''),
});
export const TrackedOpenSchema = v.object({ recorded: v.boolean() });
export const TrackedClickSchema = v.object({ url: v.string() });
export const UnsubscribeInputSchema = v.object({ token: v.pipe(v.string(), v.maxLength(200)) });
export const UnsubscribeInfoSchema = v.object({ email: v.string(), unsubscribed: v.boolean() });
/** The key the mailer signs tracking tokens with (a secret: internal, never logged). */
export const TrackingKeySchema = v.object({ key: v.pipe(v.string(), v.minLength(16)) });

/**
 * A contact's mail from the seller, as the mailer knows it (the contact's history, asked by
 * address): each message sent with its delivery status, and each open and click of it.
 */
export const RecipientMailInputSchema = v.object({
  email: v.pipe(v.string(), v.minLength(3), v.maxLength(254)),
  /** Newest messages first; their opens and clicks are bounded likewise. */
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200)), 100),
});
/** What every entry names: the campaign (its name and the subject it sent). */
const mailOf = { campaignId: id, campaignName: v.string(), subject: v.string() };
/** A delivery's status as the history shows it: the send's outcome, or what the provider told after. */
export const RECIPIENT_MAIL_STATUSES = [...DELIVERY_STATUSES, 'bounced', 'complained'] as const;
export type RecipientMailStatus = (typeof RECIPIENT_MAIL_STATUSES)[number];
export const RecipientMailItemSchema = v.variant('type', [
  v.object({
    type: v.literal('email_sent'),
    /** When it was sent (when it is due, for one not sent yet). */
    at: v.string(),
    ...mailOf,
    status: v.picklist(RECIPIENT_MAIL_STATUSES),
  }),
  /** `proxy`: a machine open (a privacy proxy such as Apple Mail's, or a prefetch on delivery), not seen by a person. */
  v.object({ type: v.literal('email_opened'), at: v.string(), ...mailOf, proxy: v.boolean() }),
  /** `scanner`: followed by a link scanner (a security gateway), not by a person. */
  v.object({ type: v.literal('email_clicked'), at: v.string(), ...mailOf, url: v.string(), scanner: v.boolean() }),
]);
export type RecipientMailItem = v.InferOutput<typeof RecipientMailItemSchema>;
export const RecipientMailSchema = v.object({
  items: v.array(RecipientMailItemSchema),
  shownSince: HistoryShownSinceSchema,
});
export type RecipientMail = v.InferOutput<typeof RecipientMailSchema>;

/** crm: resolve an audience to mailable contacts, a page at a time (keyset on id). */
export const AudienceResolveInputSchema = v.object({
  audience: AudienceSchema,
  afterId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2000)), 1000),
});
export const MailableContactSchema = v.object({
  id,
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
});
export type MailableContact = v.InferOutput<typeof MailableContactSchema>;
export const AudiencePageSchema = v.object({ contacts: v.array(MailableContactSchema) });
export const AudienceCountInputSchema = v.object({ audience: AudienceSchema });
/** How many mailable contacts an audience has now (an estimate of a scheduled send's size). */
export const AudienceCountSchema = v.object({ count });

/**
 * Segments: a saved filter over contacts (status, lists, tags, custom fields, source, first-touch
 * campaign, created date, location, engagement, lots), counted live and usable as a campaign's
 * audience. The filter is checked here for its shape; crm checks what only it knows (a custom
 * field's key and type, a list's id) and answers a 400 naming the condition
 * (`filter.conditions.<n>.key`).
 *
 * A filter is `match: 'all' | 'any'` of conditions; no condition at all matches every contact.
 * Engagement (opened or clicked any or one campaign, in the last N days or ever; never opened)
 * is the mailer's fact: crm asks the mailer for the contacts (`RPC.mailer.engagedContacts`).
 * The first-touch campaign and the lots a contact viewed are analytics' facts (a visitor is tied
 * to a contact by the session id of the contact's form submissions): crm asks analytics for the
 * lead sessions (`RPC.analytics.leadSessions`), and the inventory for the lots available now.
 * Dates are days "YYYY-MM-DD" read in the site's time zone; "within the last N days" counts
 * back from now.
 */
import * as v from 'valibot';
import { CUSTOM_FIELD_KEY, normalTag, TAG_MAX_LENGTH } from './contact-fields.ts';
import { CONTACT_SOURCES, CONTACT_STATUSES, CONTACTS_PAGE_DEFAULT, CONTACTS_PAGE_MAX } from './crm.ts';
import { LOT_NUMBER_MAX } from './lots.ts';
import { BUS_MAX_PAYLOAD_BYTES } from './subjects.ts';
import { pageQueryEntries } from './query-string.ts';
import { RecordVersionSchema } from './record-version.ts';
import { storable } from './text.ts';

const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));
const listId = v.pipe(v.number('Choose a list'), v.integer('Choose a list'), v.minValue(1, 'Choose a list'));
const day = v.pipe(
  v.string('Give a date (YYYY-MM-DD)'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Give a date (YYYY-MM-DD)'),
  v.check((d) => {
    // The pipe goes on after a failed regex: a text that is no date at all is the regex's to name.
    const t = new Date(`${d}T00:00:00Z`);
    return Number.isNaN(t.getTime()) ? !/^\d{4}-\d{2}-\d{2}$/.test(d) : t.toISOString().slice(0, 10) === d;
  }, 'Give a date of the calendar'),
);
const days = v.pipe(
  v.number('Give a number of days'),
  v.integer('Give a whole number of days'),
  v.minValue(1, 'At least 1 day'),
  v.maxValue(36_500, 'At most 36,500 days'),
);
const text = (what: string) =>
  v.pipe(
    v.string(`Give ${what}`),
    v.trim(),
    v.minLength(1, `Give ${what}`),
    v.maxLength(200, 'At most 200 characters'),
    storable(),
  );
const finite = v.pipe(v.number('Give a number'), v.finite('Give a number'));
const lotNumber = v.pipe(
  v.number('Give a lot number'),
  v.integer('Give a whole lot number'),
  v.minValue(1, 'Lot numbers start at 1'),
  v.maxValue(LOT_NUMBER_MAX, `Lot numbers go up to ${LOT_NUMBER_MAX}`),
);

export const SEGMENT_CONDITIONS_MAX = 30;

/** What a custom field condition may ask, by the field's type (crm checks the pairing). */
export const CUSTOM_OPS_BY_TYPE = {
  text: ['equals', 'contains', 'is_empty', 'is_set'],
  number: ['eq', 'lt', 'gt', 'between', 'is_set', 'is_empty'],
  date: ['before', 'after', 'within_days', 'is_set', 'is_empty'],
  boolean: ['is', 'is_set', 'is_empty'],
} as const;

const key = v.pipe(v.string('Choose a custom field'), v.regex(CUSTOM_FIELD_KEY, 'Choose a custom field'));

const CustomConditionSchema = v.variant(
  'op',
  [
    v.object({ field: v.literal('custom'), key, op: v.literal('equals'), value: text('a text') }),
    v.object({ field: v.literal('custom'), key, op: v.literal('contains'), value: text('a text') }),
    v.object({ field: v.literal('custom'), key, op: v.picklist(['is_empty', 'is_set']) }),
    v.object({ field: v.literal('custom'), key, op: v.picklist(['eq', 'lt', 'gt']), value: finite }),
    v.pipe(
      v.object({ field: v.literal('custom'), key, op: v.literal('between'), min: finite, max: finite }),
      v.forward(
        v.check((c) => c.min <= c.max, 'The lower bound must not be above the upper one'),
        ['max'],
      ),
    ),
    v.object({ field: v.literal('custom'), key, op: v.picklist(['before', 'after']), value: day }),
    v.object({ field: v.literal('custom'), key, op: v.literal('within_days'), days }),
    v.object({ field: v.literal('custom'), key, op: v.literal('is'), value: v.boolean('Choose yes or no') }),
  ],
  'Unknown custom field operator',
);

export const SegmentConditionSchema = v.variant(
  'field',
  [
    v.object({
      field: v.literal('status'),
      op: v.picklist(['is', 'is_not'], 'Use is or is_not'),
      value: v.picklist(CONTACT_STATUSES, 'Unknown status'),
    }),
    v.object({ field: v.literal('list'), op: v.picklist(['in', 'not_in'], 'Use in or not_in'), listId }),
    v.object({
      field: v.literal('tag'),
      op: v.picklist(['has', 'lacks'], 'Use has or lacks'),
      tag: v.pipe(
        v.string('Give a tag'),
        v.transform(normalTag),
        v.minLength(1, 'Give a tag'),
        v.maxLength(TAG_MAX_LENGTH, `A tag is at most ${TAG_MAX_LENGTH} characters`),
        storable(),
      ),
    }),
    CustomConditionSchema,
    v.object({
      field: v.literal('source'),
      op: v.picklist(['is', 'is_not'], 'Use is or is_not'),
      value: v.picklist(CONTACT_SOURCES, 'Unknown source'),
    }),
    v.variant('op', [
      v.object({ field: v.literal('created'), op: v.picklist(['before', 'after']), value: day }),
      v.object({ field: v.literal('created'), op: v.literal('within_days'), days }),
    ]),
    v.variant('op', [
      v.object({
        field: v.literal('engagement'),
        /** A person's open or click (machine opens and scanner clicks do not count). */
        op: v.picklist(['opened', 'clicked']),
        /** One campaign, or any when left out. */
        campaignId: v.optional(v.nullable(id)),
        /** In the last N days, or ever when left out. */
        days: v.optional(v.nullable(days)),
      }),
      /** Never opened any message (as a person). */
      v.object({ field: v.literal('engagement'), op: v.literal('never_opened') }),
    ]),
    v.object({
      field: v.literal('location'),
      /** Of the contact's latest form submission (where it was sent from). */
      part: v.picklist(['country', 'region', 'city'], 'Choose country, region or city'),
      op: v.picklist(['is', 'is_not'], 'Use is or is_not'),
      value: text('a place'),
    }),
    v.object({
      field: v.literal('first_touch'),
      /**
       * The utm_campaign (any letter case) of the first visit of a visitor who became the
       * contact (by a form sent from that visitor's session); `is_not` includes contacts with none.
       */
      op: v.picklist(['is', 'is_not'], 'Use is or is_not'),
      value: text('a campaign'),
    }),
    v.variant('op', [
      /** Viewed the lot's page (as a tracked visitor), or sent a form naming the lot. */
      v.object({ field: v.literal('lot'), op: v.picklist(['viewed', 'asked_about']), lotNumber }),
      /** Viewed the page of any lot whose status is available now. */
      v.object({ field: v.literal('lot'), op: v.literal('viewed_available') }),
    ]),
  ],
  'Unknown condition: use status, list, tag, custom, source, first_touch, created, engagement, location or lot',
);
export type SegmentCondition = v.InferOutput<typeof SegmentConditionSchema>;

export const SegmentFilterSchema = v.object({
  match: v.optional(v.picklist(['all', 'any'], 'Match all or any of the conditions'), 'all'),
  conditions: v.pipe(
    v.array(SegmentConditionSchema, 'conditions must be a list'),
    v.maxLength(SEGMENT_CONDITIONS_MAX, `At most ${SEGMENT_CONDITIONS_MAX} conditions`),
  ),
});
export type SegmentFilter = v.InferOutput<typeof SegmentFilterSchema>;
export type SegmentFilterInput = v.InferInput<typeof SegmentFilterSchema>;

export const SegmentSchema = v.object({
  id,
  name: v.string(),
  filter: SegmentFilterSchema,
  createdAt: v.string(),
  updatedAt: v.string(),
  /** Bumped by every change of the name or the filter; an edit sends the one it opened. */
  version: id,
});
export type Segment = v.InferOutput<typeof SegmentSchema>;

const segmentName = v.pipe(
  v.optional(v.string('Segment name is required'), ''),
  v.trim(),
  v.minLength(1, 'Segment name is required'),
  v.maxLength(100, 'At most 100 characters'),
  storable(),
);

/** `POST /api/marketing/segments`: a name and a filter. */
export const SegmentFormSchema = v.object({ name: segmentName, filter: SegmentFilterSchema });
export type SegmentForm = v.InferOutput<typeof SegmentFormSchema>;
export type SegmentFormInput = v.InferInput<typeof SegmentFormSchema>;

/** `PUT /api/marketing/segments/{id}`: the name and filter, and the version the edit opened. */
export const SegmentUpdateSchema = v.object({ ...SegmentFormSchema.entries, version: RecordVersionSchema });
export type SegmentUpdate = v.InferOutput<typeof SegmentUpdateSchema>;

/** `POST /api/marketing/segments/count`: the live count of a filter being edited. */
export const SegmentCountQuerySchema = v.object({ filter: SegmentFilterSchema });

export const SegmentIdInputSchema = v.object({ id });
export const SegmentUpdateInputSchema = v.object({ id, segment: SegmentUpdateSchema });
/** crm: the count of a saved segment (`id`) or of a filter not saved yet. */
export const SegmentCountInputSchema = v.union([v.object({ id }), v.object({ filter: SegmentFilterSchema })]);
export const SegmentCountSchema = v.object({ count: v.pipe(v.number(), v.integer(), v.minValue(0)) });
/** crm: a page of a segment's contacts, newest first (keyset on id, as the contacts list). */
export const SegmentContactsInputSchema = v.object({
  id,
  limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5000)),
  cursor: v.optional(id),
  withTotal: v.optional(v.boolean(), true),
});

/** `GET /api/marketing/segments/{id}/contacts?limit=&cursor=`: a page, as the contacts list. */
export const SegmentContactsQuerySchema = v.object({ ...pageQueryEntries(CONTACTS_PAGE_MAX, CONTACTS_PAGE_DEFAULT) });

export type EngagementCondition = Extract<SegmentCondition, { field: 'engagement' }>;

/**
 * At most this many lead sessions in one answer: what fits LEAD_SESSIONS_PAGE_BYTES when the ids
 * are the tracker's own (UUIDs: 10,000 take about 390 KB); rows read past the bytes would be
 * read for nothing.
 */
export const LEAD_SESSIONS_PAGE = 10_000;
/**
 * analytics: the session ids (each once, in order after `after`) of leads (sessions of its copy
 * of the form submissions) whose visitor viewed one of `lotNumbers`' pages, or whose first visit
 * came with the utm_campaign `campaign` (any letter case).
 */
export const LeadSessionsInputSchema = v.object({
  ask: v.variant('kind', [
    v.object({
      kind: v.literal('viewed_lots'),
      lotNumbers: v.pipe(
        v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(LOT_NUMBER_MAX))),
        v.maxLength(LOT_NUMBER_MAX),
      ),
    }),
    v.object({
      kind: v.literal('first_touch_campaign'),
      campaign: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
    }),
  ]),
  after: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(LEAD_SESSIONS_PAGE)), LEAD_SESSIONS_PAGE),
});
export type LeadSessionsInput = v.InferOutput<typeof LeadSessionsInputSchema>;
/**
 * At most this many bytes of session ids in one answer: a session id is any text of up to 100
 * characters a visitor's browser sent, so 10,000 of them could outgrow a bus message (1 MiB).
 */
export const LEAD_SESSIONS_PAGE_BYTES = Math.floor(BUS_MAX_PAYLOAD_BYTES / 2);
/** A page of lead sessions; `more`: ask again after the last one (the page may be cut short by bytes). */
export const LeadSessionsSchema = v.object({ sessionIds: v.array(v.string()), more: v.boolean() });
export type LeadSessions = v.InferOutput<typeof LeadSessionsSchema>;

/** A page of engaged contacts: 50,000 ids fit well within a bus message (1 MiB). */
export const ENGAGED_CONTACTS_PAGE = 50_000;
/**
 * mailer: the contacts (crm's ids, each once, in order after `after`) that opened or clicked the
 * mail sent to them, as a person.
 */
export const EngagedContactsInputSchema = v.object({
  kind: v.picklist(['open', 'click']),
  campaignId: v.optional(v.nullable(id)),
  days: v.optional(v.nullable(days)),
  after: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
  limit: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(ENGAGED_CONTACTS_PAGE)),
    ENGAGED_CONTACTS_PAGE,
  ),
});
export type EngagedContactsInput = v.InferOutput<typeof EngagedContactsInputSchema>;
export const EngagedContactsSchema = v.object({ contactIds: v.array(v.pipe(v.number(), v.integer())) });

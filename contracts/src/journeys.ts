/**
 * Journeys: a trigger, a list of steps and the exits every contact in it is checked against
 * before each step. The definition as staff build it (`POST`/`PUT /api/marketing/journeys`), as
 * the gateway hands it to the mailer (which owns journeys, runs them and sends their mail) and the
 * per-step figures the dashboard shows.
 *
 * Steps have stable ids: an edit keeps everyone's place by id, and a contact waiting at a step the
 * edit removes moves to the next step that survives. Steps run in order; a branch may jump
 * forward only (never back), so every entry ends and each step runs at most once per entry.
 */
import * as v from 'valibot';
import { ContactTagsSchema } from './contact-fields.ts';
import { LeadAlertRecipientFormSchema, LEAD_ALERT_MAX_RECIPIENTS, LEAD_INTERESTS } from './lead-replies.ts';
import { LOT_STATUSES } from './lot-names.ts';
import { storable } from './text.ts';

const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));
const stepId = v.pipe(
  v.string('Give the step an id'),
  v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'A step id is 1 to 40 letters, digits, - or _'),
);
/** Where a branch goes: a later step's id, or null for the next step. */
const target = v.nullable(stepId);
/** A record picked from a list (a template, a list, a lot…): a whole number from 1, `message` when it is not one. */
const chosen = (message: string, max = 2_147_483_647) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(max, message));
const templateId = chosen('Choose a template');
const listId = chosen('Choose a list');

/** The longest wait: 90 days. */
export const JOURNEY_MAX_WAIT_SECONDS = 90 * 86_400;
/** At most this many steps in a journey. */
export const JOURNEY_MAX_STEPS = 50;

/**
 * What a branch asks: opened / clicked any mail this journey sent the contact; replied (a mail
 * from the contact's address reached the inbox since it entered); a lot's status is one of
 * `lotStatuses` (`lotNumber`, or null: the lot of the entry — the lot asked about, viewed or
 * changed that let the contact in; an entry without one goes to `no`).
 */
export const JOURNEY_BRANCH_CONDITIONS = ['opened', 'clicked', 'replied', 'lot_status'] as const;
export type JourneyBranchCondition = (typeof JOURNEY_BRANCH_CONDITIONS)[number];

const lotNumber = chosen('Choose a lot', 9999);
/** One tag, as a contact's tags are normalised. */
const tag = v.pipe(
  v.string('Give the tag'),
  v.trim(),
  v.minLength(1, 'Give the tag'),
  v.transform((t: string) => [t]),
  ContactTagsSchema,
  v.transform((tags: string[]) => tags[0]!),
);
const staffRecipients = v.pipe(
  v.array(LeadAlertRecipientFormSchema, 'Choose who gets the alert'),
  v.minLength(1, 'Choose who gets the alert'),
  v.maxLength(LEAD_ALERT_MAX_RECIPIENTS, `At most ${LEAD_ALERT_MAX_RECIPIENTS} recipients`),
);

export const JourneyStepSchema = v.variant('kind', [
  /** Mail a template to the contact (through the mailer's send path: tracked, unsubscribe link). */
  v.strictObject({ id: stepId, kind: v.literal('send'), templateId }),
  /** Wait a duration. */
  v.strictObject({
    id: stepId,
    kind: v.literal('wait'),
    seconds: v.pipe(
      v.number('Say how long to wait'),
      v.integer('Say how long to wait'),
      v.minValue(1, 'Wait at least a second'),
      v.maxValue(JOURNEY_MAX_WAIT_SECONDS, 'Wait at most 90 days'),
    ),
  }),
  /** Wait until the next weekday (ISO: 1 Monday … 7 Sunday) at an hour in the site's time zone. */
  v.strictObject({
    id: stepId,
    kind: v.literal('wait_until'),
    weekday: v.pipe(
      v.number('Choose a weekday'),
      v.integer(),
      v.minValue(1, 'Choose a weekday'),
      v.maxValue(7, 'Choose a weekday'),
    ),
    hour: v.pipe(
      v.number('Choose an hour'),
      v.integer(),
      v.minValue(0, 'Choose an hour from 0 to 23'),
      v.maxValue(23, 'Choose an hour from 0 to 23'),
    ),
  }),
  /** Ask one of JOURNEY_BRANCH_CONDITIONS: go to `yes` or `no`. */
  v.strictObject({
    id: stepId,
    kind: v.literal('branch'),
    condition: v.picklist(JOURNEY_BRANCH_CONDITIONS, 'Choose what the branch asks'),
    /** `lot_status` only: the lot asked about (null: the entry's lot). */
    lotNumber: v.optional(v.nullable(lotNumber)),
    /** `lot_status` only: `yes` when the lot's status is one of these. */
    lotStatuses: v.optional(
      v.pipe(v.array(v.picklist(LOT_STATUSES, 'Unknown lot status')), v.minLength(1, 'Choose a lot status')),
    ),
    yes: target,
    no: target,
  }),
  v.strictObject({ id: stepId, kind: v.literal('add_to_list'), listId }),
  v.strictObject({ id: stepId, kind: v.literal('remove_from_list'), listId }),
  v.strictObject({ id: stepId, kind: v.literal('add_tag'), tag }),
  v.strictObject({ id: stepId, kind: v.literal('remove_tag'), tag }),
  /**
   * Mail staff about the contact (its details, first-touch source and campaign, pages seen,
   * location, lots viewed, a link to the contact), through the lead alert's path; `roundRobin`:
   * one recipient per alert in turn instead of all of them.
   */
  v.strictObject({
    id: stepId,
    kind: v.literal('alert_staff'),
    recipients: staffRecipients,
    roundRobin: v.boolean('Say whether the alert goes round-robin'),
  }),
  v.strictObject({ id: stepId, kind: v.literal('end') }),
]);
export type JourneyStep = v.InferOutput<typeof JourneyStepSchema>;
export type JourneyStepKind = JourneyStep['kind'];

export const JOURNEY_TRIGGER_INTERESTS = [...LEAD_INTERESTS, 'any'] as const;
export const JOURNEY_LOT_CHANGES = ['status', 'price', 'any'] as const;
export type JourneyLotChange = (typeof JOURNEY_LOT_CHANGES)[number];
export const JourneyTriggerSchema = v.variant('kind', [
  /** A form submission of this interest (or any) whose address is a CRM contact. */
  v.strictObject({
    kind: v.literal('form_submission'),
    interest: v.picklist(JOURNEY_TRIGGER_INTERESTS, 'Choose an interest'),
  }),
  /** A contact joins the list (any way: added, imported, converted) after the journey was made or switched to it. */
  v.strictObject({ kind: v.literal('list_joined'), listId }),
  /** Staff enter a list's contacts (`POST /api/marketing/journeys/{id}/entries`). */
  v.strictObject({ kind: v.literal('manual') }),
  /** A contact comes to match the segment (checked about once a minute; those matching when the trigger was set do not enter). */
  v.strictObject({ kind: v.literal('segment_joined'), segmentId: chosen('Choose a segment') }),
  /** A (human, not scanner) click on a link of a campaign: any link, or the one with this address. */
  v.strictObject({
    kind: v.literal('link_clicked'),
    campaignId: chosen('Choose a campaign'),
    url: v.nullable(v.pipe(v.string(), v.url('Give the whole link address'), v.maxLength(2000))),
  }),
  /** A contact's visitor viewed a lot's page (this one, or any: null) `times` times within `days` days. */
  v.strictObject({
    kind: v.literal('lot_viewed'),
    lotNumber: v.nullable(lotNumber),
    times: v.pipe(
      v.number('Say how many views'),
      v.integer('Say how many views'),
      v.minValue(1, 'At least 1 view'),
      v.maxValue(100, 'At most 100 views'),
    ),
    days: v.pipe(
      v.number('Say within how many days'),
      v.integer('Say within how many days'),
      v.minValue(1, 'At least 1 day'),
      v.maxValue(90, 'At most 90 days'),
    ),
  }),
  /**
   * Staff change a lot's status or price (this lot, or any: null): the contacts interested in
   * it (asked about it in a form, or watching it) enter, with the lot as the entry's lot.
   */
  v.strictObject({
    kind: v.literal('lot_changed'),
    lotNumber: v.nullable(lotNumber),
    change: v.picklist(JOURNEY_LOT_CHANGES, 'Choose status, price or either'),
  }),
]);
export type JourneyTrigger = v.InferOutput<typeof JourneyTriggerSchema>;

/** Problems of a step list (ids unique, branches jump forward to a step that exists), by step and field. */
export function journeyStepProblems(
  steps: readonly JourneyStep[],
): { index: number; field: 'id' | 'yes' | 'no' | 'lotStatuses'; message: string }[] {
  const problems: { index: number; field: 'id' | 'yes' | 'no' | 'lotStatuses'; message: string }[] = [];
  const at = new Map<string, number>();
  steps.forEach((s, index) => {
    if (at.has(s.id)) problems.push({ index, field: 'id', message: 'Each step needs its own id' });
    else at.set(s.id, index);
  });
  steps.forEach((s, index) => {
    if (s.kind !== 'branch') return;
    if (s.condition === 'lot_status' && !s.lotStatuses?.length)
      problems.push({ index, field: 'lotStatuses', message: 'Choose a lot status' });
    for (const field of ['yes', 'no'] as const) {
      const to = s[field];
      if (to === null) continue;
      const i = at.get(to);
      if (i === undefined) problems.push({ index, field, message: 'Choose a step of this journey' });
      else if (i <= index) problems.push({ index, field, message: 'A branch can only go to a later step' });
    }
  });
  return problems;
}

/** The tag that marks a contact as a customer (staff give it in the contact dialog). */
export const CUSTOMER_TAG = 'customer';
/**
 * When a contact leaves a journey, checked before each step. Unsubscribed or bounced always
 * (the address may not be mailed); `replied`: a mail from the contact reached the inbox since it
 * entered; `customer`: the contact carries CUSTOMER_TAG.
 */
export const JourneyExitsSchema = v.strictObject(
  { replied: v.boolean('Say whether a reply ends the journey'), customer: v.boolean('Say whether a customer leaves') },
  'The fields are replied and customer',
);
export type JourneyExits = v.InferOutput<typeof JourneyExitsSchema>;
export const JOURNEY_DEFAULT_EXITS: JourneyExits = { replied: true, customer: true };

export const JourneyFormSchema = v.pipe(
  v.strictObject(
    {
      name: v.pipe(
        v.string('Name is required'),
        v.trim(),
        v.minLength(1, 'Name is required'),
        v.maxLength(200, 'At most 200 characters'),
        storable(),
      ),
      trigger: JourneyTriggerSchema,
      exits: v.optional(JourneyExitsSchema, JOURNEY_DEFAULT_EXITS),
      steps: v.pipe(
        v.array(JourneyStepSchema, 'Add the steps'),
        v.minLength(1, 'Add at least one step'),
        v.maxLength(JOURNEY_MAX_STEPS, `At most ${JOURNEY_MAX_STEPS} steps`),
      ),
    },
    'The fields are name, trigger, exits and steps',
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const form = dataset.value;
    for (const p of journeyStepProblems(form.steps)) {
      const step = form.steps[p.index]!;
      addIssue({
        message: p.message,
        path: [
          { type: 'object', origin: 'value', input: form, key: 'steps', value: form.steps },
          { type: 'array', origin: 'value', input: form.steps, key: p.index, value: step },
          {
            type: 'object',
            origin: 'value',
            input: step,
            key: p.field,
            value: (step as Record<string, unknown>)[p.field],
          },
        ],
      });
    }
  }),
);
export type JourneyForm = v.InferOutput<typeof JourneyFormSchema>;
/** The form as a client may send it (exits left out: JOURNEY_DEFAULT_EXITS). */
export type JourneyFormInput = v.InferInput<typeof JourneyFormSchema>;

export const JOURNEY_STATUSES = ['active', 'paused'] as const;
export type JourneyStatus = (typeof JOURNEY_STATUSES)[number];

export const JourneySchema = v.object({
  id,
  name: v.string(),
  status: v.picklist(JOURNEY_STATUSES),
  /** Moves on with every edit; an edit names the version it opened (a stale one is a 409). */
  version: v.number(),
  trigger: JourneyTriggerSchema,
  exits: JourneyExitsSchema,
  steps: v.array(JourneyStepSchema),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Journey = v.InferOutput<typeof JourneySchema>;

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** Per step: contacts waiting at it now, that passed it (it ran for them), and that left the journey at it. */
export const JourneyStepStatsSchema = v.object({ stepId: v.string(), waiting: count, passed: count, left: count });
export const JourneyStatsSchema = v.object({
  journeyId: id,
  entered: count,
  active: count,
  completed: count,
  exited: count,
  /** The exited entries by why they left. */
  exitedBy: v.object({ unsubscribed_or_bounced: count, replied: count, customer: count }),
  steps: v.array(JourneyStepStatsSchema),
});
export type JourneyStats = v.InferOutput<typeof JourneyStatsSchema>;
export const JourneyWithStatsSchema = v.object({ ...JourneySchema.entries, stats: JourneyStatsSchema });
export type JourneyWithStats = v.InferOutput<typeof JourneyWithStatsSchema>;

/** Why an entry left before its end. */
export const JOURNEY_EXIT_REASONS = ['unsubscribed_or_bounced', 'replied', 'customer'] as const;
export type JourneyExitReason = (typeof JOURNEY_EXIT_REASONS)[number];

// ---- Requests to the mailer ----
export const JourneyIdInputSchema = v.object({ id });
export const JourneySaveInputSchema = v.object({ journey: JourneyFormSchema, savedBy: v.string() });
export const JourneyUpdateInputSchema = v.object({
  id,
  version: v.pipe(v.number('Say which version you edited'), v.integer()),
  journey: JourneyFormSchema,
  savedBy: v.string(),
});
export const JourneyStatusInputSchema = v.object({ id, status: v.picklist(JOURNEY_STATUSES) });
/** `POST /api/marketing/journeys/{id}/entries` `{ listId }`: the list's mailable contacts enter (once per request id and contact). */
export const JourneyEnterFormSchema = v.strictObject({ listId }, 'The field is listId');
export const JourneyEnterInputSchema = v.object({
  id,
  listId: id,
  requestId: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
});
/** Accepted: the engine lets the list's contacts in a page at a time (the figures show them arrive). */
export const JourneyEnteredSchema = v.object({ accepted: v.literal(true) });
export const JourneyDeletedSchema = v.object({ deleted: v.boolean() });
/** `PUT /api/marketing/journeys/{id}`: the form and the version it was opened at. */
export const JourneyVersionSchema = v.object({
  version: v.pipe(v.number('Say which version you edited'), v.integer('Say which version you edited')),
});
export const JourneyStatusFormSchema = v.strictObject(
  { status: v.picklist(JOURNEY_STATUSES, 'Choose active or paused') },
  'The field is status',
);

/** `rpc.crm.list-members.joined`: a list's mailable members who joined after a point, oldest first (keyset on time and contact). */
export const ListJoinedInputSchema = v.object({
  listId: id,
  /** Joined after this instant, or at it with a greater contact id. */
  since: v.pipe(v.string(), v.isoTimestamp()),
  afterContactId: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Joined at or before this instant (a margin for transactions still open). */
  until: v.pipe(v.string(), v.isoTimestamp()),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2000)),
});
export const ListJoinedSchema = v.object({
  members: v.array(
    v.object({ contactId: id, email: v.string(), firstName: v.string(), lastName: v.string(), joinedAt: v.string() }),
  ),
});

// ---- Journey requests to crm (the engine asks once per pass, outside its transaction) ----
const contactIds = v.pipe(v.array(id), v.minLength(1), v.maxLength(2000));
/** `rpc.crm.journey-contacts.get`: of these contacts, which may be mailed and which carry `tag`. */
export const JourneyContactsInputSchema = v.object({ contactIds, tag });
export const JourneyContactsSchema = v.object({
  /** The contacts that exist (a deleted one is absent: nobody to mail). */
  contacts: v.array(v.object({ id, mailable: v.boolean(), tagged: v.boolean() })),
});
export type JourneyContacts = v.InferOutput<typeof JourneyContactsSchema>;

/**
 * `rpc.crm.contact-tags.change`: add a tag to contacts, or take it off them. Idempotent (a tag
 * present, or absent, is left as it is: `unchanged`); a contact already at TAGS_MAX tags is
 * skipped (`full`), never failing the others; ids of contacts that do not exist are `missing`.
 */
export const ContactTagsChangeInputSchema = v.object({
  tag,
  action: v.picklist(['add', 'remove']),
  contactIds: v.pipe(v.array(id), v.minLength(1), v.maxLength(1000)),
});
export type ContactTagsChangeInput = v.InferOutput<typeof ContactTagsChangeInputSchema>;
export const ContactTagsChangedSchema = v.object({
  changed: count,
  unchanged: count,
  missing: count,
  /** The contacts skipped because they already carry the most tags a contact may have. */
  full: v.array(id),
});
export type ContactTagsChanged = v.InferOutput<typeof ContactTagsChangedSchema>;

/**
 * `rpc.crm.contact-lead-facts.get`: what a staff alert about a contact says of it — its details,
 * and its latest form submission (its visit's session for analytics, where it came from, the
 * visitor's location); null when the contact is gone or never sent a form.
 */
export const ContactLeadFactsInputSchema = v.object({ contactId: id });
export const ContactLeadFactsSchema = v.object({
  contact: v.nullable(
    v.object({
      id,
      email: v.string(),
      firstName: v.nullable(v.string()),
      lastName: v.nullable(v.string()),
      phone: v.nullable(v.string()),
    }),
  ),
  lastSubmission: v.nullable(
    v.object({
      submittedAt: v.string(),
      sessionId: v.nullable(v.string()),
      source: v.string(),
      page: v.nullable(v.string()),
      lotNumber: v.nullable(v.number()),
      country: v.nullable(v.string()),
      region: v.nullable(v.string()),
      city: v.nullable(v.string()),
    }),
  ),
});
export type ContactLeadFacts = v.InferOutput<typeof ContactLeadFactsSchema>;

const sessionId = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
const timestamp = v.pipe(v.string(), v.isoTimestamp());

/**
 * `rpc.analytics.lot-view-crossings.list` (the lot-viewed trigger): the moments a lead's visitor
 * (a session that sent a form, the only visitors analytics can tie to a person) came to have
 * viewed a lot's page `times` times within `days` days — the view that made it exactly `times` in
 * the window ending at it — in [since, until], oldest first (keyset on time, session and lot).
 */
export const LotViewCrossingsInputSchema = v.object({
  /** One lot, or null: any lot (each lot counted on its own). */
  lotNumber: v.nullable(lotNumber),
  times: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
  days: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(90)),
  since: timestamp,
  until: timestamp,
  /** The last crossing of the previous page, or null for the first page. */
  after: v.nullable(v.object({ at: timestamp, sessionId, lotNumber })),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2000)),
});
export const LotViewCrossingsSchema = v.object({
  crossings: v.array(v.object({ at: v.string(), sessionId: v.string(), lotNumber })),
});

/** `rpc.crm.session-contacts.list`: the contacts whose form submissions carried these analytics session ids. */
export const SessionContactsInputSchema = v.object({
  sessionIds: v.pipe(v.array(sessionId), v.maxLength(2000)),
});
const journeyContact = v.object({ id, email: v.string(), firstName: v.string(), lastName: v.string() });
export const SessionContactsSchema = v.object({
  contacts: v.array(v.object({ sessionId: v.string(), contact: journeyContact })),
});

/**
 * `rpc.crm.lot-lead-contacts.list` (the lot-changed trigger): the contacts who sent a form naming
 * the lot at or before `until`, by contact id after `afterContactId`.
 */
export const LotLeadContactsInputSchema = v.object({
  lotNumber,
  until: timestamp,
  afterContactId: v.pipe(v.number(), v.integer(), v.minValue(0)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2000)),
});
export const LotLeadContactsSchema = v.object({ contacts: v.array(journeyContact) });

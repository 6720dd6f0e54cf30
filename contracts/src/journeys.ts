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
import { LEAD_INTERESTS } from './lead-replies.ts';
import { storable } from './text.ts';

const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));
const stepId = v.pipe(
  v.string('Give the step an id'),
  v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'A step id is 1 to 40 letters, digits, - or _'),
);
/** Where a branch goes: a later step's id, or null for the next step. */
const target = v.nullable(stepId);
const templateId = v.pipe(
  v.number('Choose a template'),
  v.integer('Choose a template'),
  v.minValue(1, 'Choose a template'),
  v.maxValue(2_147_483_647, 'Choose a template'),
);
const listId = v.pipe(
  v.number('Choose a list'),
  v.integer('Choose a list'),
  v.minValue(1, 'Choose a list'),
  v.maxValue(2_147_483_647, 'Choose a list'),
);

/** The longest wait: 90 days. */
export const JOURNEY_MAX_WAIT_SECONDS = 90 * 86_400;
/** At most this many steps in a journey. */
export const JOURNEY_MAX_STEPS = 50;

export const JOURNEY_BRANCH_CONDITIONS = ['opened', 'clicked'] as const;
export type JourneyBranchCondition = (typeof JOURNEY_BRANCH_CONDITIONS)[number];

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
  /** Whether the contact opened (or clicked) any mail this journey sent it: go to `yes` or `no`. */
  v.strictObject({
    id: stepId,
    kind: v.literal('branch'),
    condition: v.picklist(JOURNEY_BRANCH_CONDITIONS, 'Choose opened or clicked'),
    yes: target,
    no: target,
  }),
  v.strictObject({ id: stepId, kind: v.literal('add_to_list'), listId }),
  v.strictObject({ id: stepId, kind: v.literal('remove_from_list'), listId }),
  v.strictObject({ id: stepId, kind: v.literal('end') }),
]);
export type JourneyStep = v.InferOutput<typeof JourneyStepSchema>;
export type JourneyStepKind = JourneyStep['kind'];

export const JOURNEY_TRIGGER_INTERESTS = [...LEAD_INTERESTS, 'any'] as const;
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
]);
export type JourneyTrigger = v.InferOutput<typeof JourneyTriggerSchema>;

/** Problems of a step list (ids unique, branches jump forward to a step that exists), by step and field. */
export function journeyStepProblems(
  steps: readonly JourneyStep[],
): { index: number; field: 'id' | 'yes' | 'no'; message: string }[] {
  const problems: { index: number; field: 'id' | 'yes' | 'no'; message: string }[] = [];
  const at = new Map<string, number>();
  steps.forEach((s, index) => {
    if (at.has(s.id)) problems.push({ index, field: 'id', message: 'Each step needs its own id' });
    else at.set(s.id, index);
  });
  steps.forEach((s, index) => {
    if (s.kind !== 'branch') return;
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
      steps: v.pipe(
        v.array(JourneyStepSchema, 'Add the steps'),
        v.minLength(1, 'Add at least one step'),
        v.maxLength(JOURNEY_MAX_STEPS, `At most ${JOURNEY_MAX_STEPS} steps`),
      ),
    },
    'The fields are name, trigger and steps',
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

export const JOURNEY_STATUSES = ['active', 'paused'] as const;
export type JourneyStatus = (typeof JOURNEY_STATUSES)[number];

export const JourneySchema = v.object({
  id,
  name: v.string(),
  status: v.picklist(JOURNEY_STATUSES),
  /** Moves on with every edit; an edit names the version it opened (a stale one is a 409). */
  version: v.number(),
  trigger: JourneyTriggerSchema,
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
  steps: v.array(JourneyStepStatsSchema),
});
export type JourneyStats = v.InferOutput<typeof JourneyStatsSchema>;
export const JourneyWithStatsSchema = v.object({ ...JourneySchema.entries, stats: JourneyStatsSchema });
export type JourneyWithStats = v.InferOutput<typeof JourneyWithStatsSchema>;

/** Why an entry left before its end. */
export const JOURNEY_EXIT_REASONS = ['unsubscribed_or_bounced'] as const;

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

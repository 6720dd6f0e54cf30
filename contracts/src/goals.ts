/**
 * Goals and funnels of the Web Analytics screen. A goal is what staff count as a conversion: a
 * page (exact, or every page under a prefix: `/lots/*`) or a named event the tracker sends
 * (`form_submitted`, `lot_click`, `outbound_click`). A visit converts when it viewed such a page
 * or sent such an event; the conversion rate is converting visitors per 100 visitors of the
 * period (Plausible's definition). A funnel is 2 to 8 goals in order: a visit reaches a step when
 * it reached the step before and then, later in the same visit, this one.
 */
import * as v from 'valibot';
import {
  ANALYTICS_PERIOD_INPUT_ENTRIES,
  ANALYTICS_PERIOD_QUERY_ENTRIES,
  SitePeriodSchema,
  withPeriodRules,
} from './analytics-period.ts';
import { ANALYTICS_FILTER_KEYS, ANALYTICS_FILTER_QUERY_ENTRIES, AnalyticsFiltersSchema } from './web-analytics.ts';
import { RecordVersionSchema } from './record-version.ts';

export const GOAL_KINDS = ['page', 'event'] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];
export const GOAL_NAME_MAX = 80;
export const GOAL_VALUE_MAX = 200;
/** At most this many goals (each is counted on every view of the screen). */
export const GOALS_MAX = 30;
export const FUNNEL_STEPS_MIN = 2;
export const FUNNEL_STEPS_MAX = 8;
/** Sources listed per goal, most converting visits first. */
export const GOAL_SOURCES_TOP_N = 5;

const EVENT_NAME = /^[A-Za-z0-9_.:-]+$/;

const GOAL_FIELDS = {
  name: v.pipe(
    v.string('Name is required'),
    v.trim(),
    v.minLength(1, 'Name is required'),
    v.maxLength(GOAL_NAME_MAX, `Name is at most ${GOAL_NAME_MAX} characters`),
  ),
  kind: v.picklist(GOAL_KINDS, 'Choose a page or an event'),
  value: v.pipe(
    v.string('Enter a page or an event name'),
    v.trim(),
    v.minLength(1, 'Enter a page or an event name'),
    v.maxLength(GOAL_VALUE_MAX, `At most ${GOAL_VALUE_MAX} characters`),
  ),
};
const valueFitsKind = (g: { kind: GoalKind; value: string }) =>
  g.kind === 'page' ? g.value.startsWith('/') : EVENT_NAME.test(g.value);
const VALUE_RULE = 'A page starts with / (/contact, /lots/*); an event name is letters, digits and _ . : -';

export const GoalFormSchema = v.pipe(
  v.object(GOAL_FIELDS),
  v.forward(
    v.check((g) => valueFitsKind(g), VALUE_RULE),
    ['value'],
  ),
);
export type GoalForm = v.InferOutput<typeof GoalFormSchema>;

const goalId = v.pipe(v.number(), v.integer(), v.minValue(1));

export const GoalSchema = v.object({
  id: goalId,
  name: v.string(),
  kind: v.picklist(GOAL_KINDS),
  value: v.string(),
  createdAt: v.string(),
  /** 1 when added, one more after every edit (record-version.ts). */
  version: v.optional(v.number(), 1),
});
export type Goal = v.InferOutput<typeof GoalSchema>;

export const GoalIdSchema = v.object({ id: goalId });

/** `PUT /api/marketing-dashboard/goals/{id}`: the goal form and the version the edit opened. */
export const GoalUpdateSchema = v.pipe(
  v.object({ ...GOAL_FIELDS, version: RecordVersionSchema }),
  v.forward(
    v.check((g) => valueFitsKind(g), VALUE_RULE),
    ['value'],
  ),
);
export type GoalUpdate = v.InferOutput<typeof GoalUpdateSchema>;
export const GoalUpdateInputSchema = v.object({ id: goalId, goal: GoalUpdateSchema });

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const rate = v.pipe(v.number(), v.minValue(0), v.maxValue(100));

/** The period and filters of a report, as an RPC takes them. */
const ReportInputEntries = { ...ANALYTICS_PERIOD_INPUT_ENTRIES, filters: v.optional(AnalyticsFiltersSchema, {}) };

export const GoalReportInputSchema = withPeriodRules(v.object(ReportInputEntries));

export const GoalSourceRowSchema = v.object({
  /** utm_source, else the referrer's host, else '' (direct). */
  value: v.string(),
  visits: count,
  /** Visits of that source that converted. */
  conversions: count,
  /** conversions per 100 visits of that source, one decimal. */
  conversionRate: rate,
});
export type GoalSourceRow = v.InferOutput<typeof GoalSourceRowSchema>;

export const GoalResultSchema = v.object({
  ...GoalSchema.entries,
  /** Visits that converted. */
  conversions: count,
  /** Distinct visitors who converted. */
  visitors: count,
  /** Converting visitors per 100 visitors of the period, one decimal. */
  conversionRate: rate,
  /** The sources whose visits converted, most converting visits first. */
  sources: v.array(GoalSourceRowSchema),
});
export type GoalResult = v.InferOutput<typeof GoalResultSchema>;

export const GoalReportSchema = v.object({
  ...SitePeriodSchema.entries,
  filters: AnalyticsFiltersSchema,
  /** Distinct visitors of the period (under the filters). */
  visitors: count,
  goals: v.array(GoalResultSchema),
});
export type GoalReport = v.InferOutput<typeof GoalReportSchema>;

const goalIds = v.pipe(
  v.array(goalId),
  v.minLength(FUNNEL_STEPS_MIN, `A funnel has ${FUNNEL_STEPS_MIN} to ${FUNNEL_STEPS_MAX} steps`),
  v.maxLength(FUNNEL_STEPS_MAX, `A funnel has ${FUNNEL_STEPS_MIN} to ${FUNNEL_STEPS_MAX} steps`),
);

export const FunnelInputSchema = withPeriodRules(v.object({ ...ReportInputEntries, goals: goalIds }));

/** `?goals=3,1,5` (the steps in order) with the period and the filters. */
export const FUNNEL_GOALS_PARAM = v.pipe(
  v.string('Give the steps once, as goal ids separated by commas'),
  v.regex(/^\d{1,9}(,\d{1,9})*$/, 'Give the steps as goal ids separated by commas'),
  v.transform((s) => s.split(',').map(Number)),
  goalIds,
);

export const FunnelStepSchema = v.object({
  goalId,
  ...v.pick(GoalSchema, ['name', 'kind', 'value']).entries,
  /** Visitors who reached this step (and every one before it, in order, in one visit). */
  visitors: count,
  /** Visitors of the step before who did not reach this one (0 for the first step). */
  dropOff: count,
  /** visitors per 100 visitors of the first step, one decimal (100 for the first). */
  conversionRate: rate,
});
export type FunnelStep = v.InferOutput<typeof FunnelStepSchema>;

export const FunnelSchema = v.object({
  ...SitePeriodSchema.entries,
  filters: AnalyticsFiltersSchema,
  /** Distinct visitors of the period (under the filters). */
  visitors: count,
  steps: v.array(FunnelStepSchema),
});
export type Funnel = v.InferOutput<typeof FunnelSchema>;

const REPORT_QUERY_ENTRIES = { ...ANALYTICS_PERIOD_QUERY_ENTRIES, ...ANALYTICS_FILTER_QUERY_ENTRIES };

/** `GET …/goal-conversions`: the period (`days`, or `from` and `to`) and any drill-down filters. */
export const GoalReportQuerySchema = withPeriodRules(
  v.strictObject(
    REPORT_QUERY_ENTRIES,
    `The options of goal conversions are days, from, to and the filters ${ANALYTICS_FILTER_KEYS.join(', ')}`,
  ),
);

/** `GET …/funnel?goals=3,1,5`: the steps, the period and any drill-down filters. */
export const FunnelQuerySchema = withPeriodRules(
  v.strictObject(
    { ...REPORT_QUERY_ENTRIES, goals: FUNNEL_GOALS_PARAM },
    `The options of a funnel are goals, days, from, to and the filters ${ANALYTICS_FILTER_KEYS.join(', ')}`,
  ),
);

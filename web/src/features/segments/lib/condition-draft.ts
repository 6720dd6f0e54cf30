/**
 * A condition row of the segment builder as typed (every input a string), and its turn into the
 * contracts' `SegmentCondition` input. The builder checks the result with `SegmentFormSchema`, so
 * its messages and paths (`filter.conditions.<n>.<field>`) are the server's: one map of errors
 * serves both. What a field may ask (its operators, its value input) is decided here, by the
 * contracts' picklists; a custom field's operators by its type (`CUSTOM_OPS_BY_TYPE`).
 */
import {
  type CONTACT_SOURCES,
  type CONTACT_STATUSES,
  CUSTOM_OPS_BY_TYPE,
  type CustomField,
  type SegmentCondition,
  type SegmentFilterInput,
} from '@lp/contracts';

export type FieldKind =
  'status' | 'list' | 'tag' | 'source' | 'first_touch' | 'created' | 'location' | 'engagement' | 'lot' | 'custom';

export type ConditionDraft = {
  field: FieldKind;
  op: string;
  /** status, source, first-touch campaign, created/custom dates, custom text/number/yes-no, location. */
  value: string;
  listId: string;
  tag: string;
  /** The custom field's key. */
  key: string;
  part: string;
  days: string;
  min: string;
  max: string;
  campaignId: string;
  lotNumber: string;
};

export const FIELD_LABELS: Record<Exclude<FieldKind, 'custom'>, string> = {
  status: 'Status',
  list: 'List',
  tag: 'Tag',
  source: 'Source',
  first_touch: 'First-touch campaign',
  created: 'Created date',
  location: 'Location',
  engagement: 'Email activity',
  lot: 'Lots',
};

export const OP_LABELS: Record<string, string> = {
  is: 'is',
  is_not: 'is not',
  in: 'is in',
  not_in: 'is not in',
  has: 'has',
  lacks: 'does not have',
  equals: 'is',
  contains: 'contains',
  is_set: 'has a value',
  is_empty: 'is empty',
  eq: 'equals',
  lt: 'is less than',
  gt: 'is more than',
  between: 'is between',
  before: 'is before',
  after: 'is after',
  within_days: 'is within the last',
  opened: 'opened',
  clicked: 'clicked',
  never_opened: 'never opened an email',
  viewed: 'viewed lot',
  asked_about: 'asked about lot',
  viewed_available: 'viewed any available lot',
};

export const STATUS_LABELS: Record<(typeof CONTACT_STATUSES)[number], string> = {
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
  other: 'Other',
};

export const SOURCE_LABELS: Record<(typeof CONTACT_SOURCES)[number], string> = {
  manual_entry: 'Added by hand',
  csv_import: 'CSV import',
  form_submission: 'Website form',
};

export const PART_LABELS = { country: 'Country', region: 'Region', city: 'City' } as const;

/** The operators of a row: by its field, and for a custom field by the field's type. */
export function operatorsOf(
  d: Pick<ConditionDraft, 'field' | 'key'>,
  fields: readonly CustomField[],
): readonly string[] {
  switch (d.field) {
    case 'status':
    case 'source':
    case 'first_touch':
    case 'location':
      return ['is', 'is_not'];
    case 'list':
      return ['in', 'not_in'];
    case 'tag':
      return ['has', 'lacks'];
    case 'created':
      return ['before', 'after', 'within_days'];
    case 'engagement':
      return ['opened', 'clicked', 'never_opened'];
    case 'lot':
      return ['viewed', 'asked_about', 'viewed_available'];
    case 'custom': {
      const type = fields.find((f) => f.key === d.key)?.type ?? 'text';
      return CUSTOM_OPS_BY_TYPE[type];
    }
  }
}

const blank: Omit<ConditionDraft, 'field' | 'op'> = {
  value: '',
  listId: '',
  tag: '',
  key: '',
  part: 'city',
  days: '',
  min: '',
  max: '',
  campaignId: '',
  lotNumber: '',
};

/** A fresh row for a field (`custom:<key>` for a custom field), with its first operator and a sensible value. */
export function draftFor(choice: string, fields: readonly CustomField[]): ConditionDraft {
  const [field, key = ''] = choice.startsWith('custom:') ? ['custom' as const, choice.slice(7)] : [choice as FieldKind];
  const d: ConditionDraft = { ...blank, field, key, op: '' };
  d.op = operatorsOf(d, fields)[0] ?? '';
  if (field === 'status') d.value = 'subscribed';
  if (field === 'source') d.value = 'form_submission';
  if (field === 'engagement') d.days = '30';
  if (field === 'custom' && fields.find((f) => f.key === key)?.type === 'boolean') d.value = 'yes';
  return d;
}

/** The field picker's value of a row. */
export const choiceOf = (d: ConditionDraft) => (d.field === 'custom' ? `custom:${d.key}` : d.field);

/** '' as left out (the schema then says what is missing); else the number typed (NaN is refused as "Give a number"). */
const num = (s: string): number | undefined => (s.trim() === '' ? undefined : Number(s));
const numOrNull = (s: string): number | null => (s.trim() === '' ? null : Number(s));

/** The condition the row says, as the contracts take it (unchecked: `SegmentFormSchema` checks it). */
export function conditionOf(d: ConditionDraft): Record<string, unknown> {
  const { field, op } = d;
  switch (field) {
    case 'status':
    case 'source':
      return { field, op, value: d.value };
    case 'list':
      return { field, op, listId: num(d.listId) };
    case 'tag':
      return { field, op, tag: d.tag };
    case 'first_touch':
      return { field, op, value: d.value };
    case 'location':
      return { field, part: d.part, op, value: d.value };
    case 'lot':
      return op === 'viewed_available' ? { field, op } : { field, op, lotNumber: num(d.lotNumber) };
    case 'created':
      return op === 'within_days' ? { field, op, days: num(d.days) } : { field, op, value: d.value };
    case 'engagement':
      return op === 'never_opened'
        ? { field, op }
        : { field, op, campaignId: numOrNull(d.campaignId), days: numOrNull(d.days) };
    case 'custom':
      return { field, key: d.key, op, ...customValue(d) };
  }
}

function customValue(d: ConditionDraft): Record<string, unknown> {
  switch (d.op) {
    case 'is_set':
    case 'is_empty':
      return {};
    case 'eq':
    case 'lt':
    case 'gt':
      return { value: num(d.value) };
    case 'between':
      return { min: num(d.min), max: num(d.max) };
    case 'within_days':
      return { days: num(d.days) };
    case 'is':
      return { value: d.value === 'yes' ? true : d.value === 'no' ? false : undefined };
    default:
      return { value: d.value };
  }
}

/** A stored condition back as a row (editing a saved segment). */
export function draftOf(c: SegmentCondition): ConditionDraft {
  const d: ConditionDraft = { ...blank, field: c.field, op: c.op };
  const s = (x: unknown) => (x === undefined || x === null ? '' : String(x));
  if ('value' in c) d.value = typeof c.value === 'boolean' ? (c.value ? 'yes' : 'no') : s(c.value);
  if ('listId' in c) d.listId = s(c.listId);
  if ('tag' in c) d.tag = c.tag;
  if ('key' in c) d.key = c.key;
  if ('part' in c) d.part = c.part;
  if ('days' in c) d.days = s(c.days);
  if ('min' in c) d.min = s(c.min);
  if ('max' in c) d.max = s(c.max);
  if ('campaignId' in c) d.campaignId = s(c.campaignId);
  if ('lotNumber' in c) d.lotNumber = s(c.lotNumber);
  return d;
}

export const filterOf = (match: 'all' | 'any', rows: readonly ConditionDraft[]): SegmentFilterInput =>
  ({ match, conditions: rows.map(conditionOf) }) as SegmentFilterInput;

/**
 * What marketers segment contacts by: tags (short free-form labels) and custom fields (defined
 * once in the dashboard: a name, a key and a type, text, number, date or yes/no). The rules are
 * here once, for the contact dialog, the gateway (an import's rows), and crm, which checks every
 * value against the field's type before it is stored.
 *
 * Tags are kept lower-cased: "VIP" and "vip" are one tag, so a contact holds each once and a tag
 * filter is a plain array containment. A custom field's value is stored by its key as JSON: text
 * as a string, a number as a number, a date as "YYYY-MM-DD", yes/no as true or false.
 */
import * as v from 'valibot';
import { RecordVersionSchema } from './record-version.ts';
import { storable } from './text.ts';

// ---- Tags ----

export const TAG_MAX_LENGTH = 50;
export const TAGS_MAX = 50;

/** What separates tags typed in one go or written in one CSV cell. */
export const TAG_SEPARATORS = /[,;]/;

/** A tag as stored: trimmed, inner spaces collapsed, lower-cased. */
export const normalTag = (tag: string): string => tag.trim().replace(/\s+/g, ' ').toLowerCase();

/** Why a tag (normalised) cannot be stored, or null. */
export function tagProblem(tag: string): string | null {
  if (tag === '') return 'A tag cannot be empty';
  if (TAG_SEPARATORS.test(tag)) return 'A tag cannot contain a comma or semicolon';
  if (tag.length > TAG_MAX_LENGTH) return `A tag is at most ${TAG_MAX_LENGTH} characters`;
  return null;
}

/** Tags in the order given, normalised, each once. */
export const uniqueTags = (tags: readonly string[]): string[] => [...new Set(tags.map(normalTag))];

/** A contact's tags as a request gives them: normalised, duplicates (any case) dropped, at most TAGS_MAX. */
export const ContactTagsSchema = v.pipe(
  v.array(v.pipe(v.string('A tag must be text'), storable()), 'Tags must be a list of texts'),
  v.transform((tags: string[]) => uniqueTags(tags)),
  v.check(
    (tags) => tags.every((t) => tagProblem(t) === null),
    (issue) => {
      const bad = (issue.input as string[]).find((t) => tagProblem(t) !== null) ?? '';
      return `${tagProblem(bad)}: "${bad.slice(0, 60)}"`;
    },
  ),
  v.maxLength(TAGS_MAX, `A contact has at most ${TAGS_MAX} tags`),
);

/**
 * The tags of one CSV cell ("vip; lake view, 2026"): split, normalised, each once; a tag in
 * double quotes (Mailchimp's TAGS column: `"lot 7"`) loses them.
 */
export const tagsOfCell = (cell: string): string[] =>
  uniqueTags(cell.split(TAG_SEPARATORS).map((t) => t.trim().replace(/^"([^"]*)"$/, '$1'))).filter((t) => t !== '');

// ---- Custom field definitions ----

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'boolean'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  boolean: 'Yes/no',
};
export const CUSTOM_FIELDS_MAX = 100;
export const CUSTOM_FIELD_KEY = /^[a-z][a-z0-9_]{0,39}$/;
export const CUSTOM_TEXT_MAX = 1000;

/** The key proposed for a field's name: "Lot budget ($)" → "lot_budget". */
export function customFieldKeyOf(name: string): string {
  const key = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .slice(0, 40)
    // Runs of other characters are one `_` already: at most one ends the key.
    .replace(/_$/, '');
  return key;
}

const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));

export const CustomFieldSchema = v.object({
  id,
  key: v.string(),
  name: v.string(),
  type: v.picklist(CUSTOM_FIELD_TYPES),
  createdAt: v.string(),
  updatedAt: v.string(),
  /** Bumped by a rename; an edit sends the one it opened. */
  version: id,
});
export type CustomField = v.InferOutput<typeof CustomFieldSchema>;

const fieldName = v.pipe(
  v.optional(v.string('Field name is required'), ''),
  v.trim(),
  v.minLength(1, 'Field name is required'),
  v.maxLength(60, 'At most 60 characters'),
  storable(),
);

/**
 * `POST /api/marketing/custom-fields`: a name, a type and a key (proposed from the name when
 * blank). The key and type stay as made: values are stored under the key and checked by the type.
 */
export const CustomFieldFormSchema = v.pipe(
  v.object({
    name: fieldName,
    key: v.pipe(
      v.optional(v.string(), ''),
      v.trim(),
      v.check(
        (k) => k === '' || CUSTOM_FIELD_KEY.test(k),
        'Use lower-case letters, digits and _ (starting with a letter), at most 40',
      ),
    ),
    type: v.picklist(CUSTOM_FIELD_TYPES, 'Choose a type: text, number, date or yes/no'),
  }),
  v.transform((f) => ({ ...f, key: f.key || customFieldKeyOf(f.name) })),
  v.forward(
    v.check((f) => CUSTOM_FIELD_KEY.test(f.key), 'Give the field a key: lower-case letters, digits and _'),
    ['key'],
  ),
);
export type CustomFieldForm = v.InferOutput<typeof CustomFieldFormSchema>;
export type CustomFieldFormInput = v.InferInput<typeof CustomFieldFormSchema>;

/** `PUT /api/marketing/custom-fields/{id}`: a new name (its values stay) and the version opened. */
export const CustomFieldUpdateSchema = v.object({ name: fieldName, version: RecordVersionSchema });
export type CustomFieldUpdate = v.InferOutput<typeof CustomFieldUpdateSchema>;

export const CustomFieldIdInputSchema = v.object({ id });
export const CustomFieldUpdateInputSchema = v.object({ id, field: CustomFieldUpdateSchema });

// ---- Custom field values ----

export const CustomValueSchema = v.union([v.string(), v.number(), v.boolean()]);
export type CustomValue = v.InferOutput<typeof CustomValueSchema>;
/** A contact's custom values by field key, as stored and shown. */
export const CustomValuesSchema = v.record(v.string(), CustomValueSchema);
export type CustomValues = v.InferOutput<typeof CustomValuesSchema>;

/**
 * Custom values as a request gives them, by field key: a value or null (or "") to clear it. Typed
 * and checked against the field definitions by crm (customValueOf).
 */
export const CustomValuesInputSchema = v.pipe(
  v.record(
    v.pipe(v.string(), v.maxLength(40)),
    v.nullable(
      v.union([v.pipe(v.string(), storable()), v.number(), v.boolean()], 'A value must be text, a number or yes/no'),
    ),
    'customFields must be an object of values by field key',
  ),
  v.check((r) => Object.keys(r).length <= CUSTOM_FIELDS_MAX, `At most ${CUSTOM_FIELDS_MAX} custom fields`),
);
export type CustomValuesInput = v.InferOutput<typeof CustomValuesInputSchema>;

const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** Whether "YYYY-MM-DD" names a day of the calendar (no 31 April, 29 February only in leap years). */
function isCalendarDay(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

export type CustomValueResult = { value: CustomValue | null } | { problem: string };

/**
 * A value for a field of `type` named `name`: its stored form (null: no value), or what is wrong
 * with it, naming the field ("Budget must be a number"). Text of a CSV cell or a form input is
 * read by the type: "12.5" is a number, "yes"/"no" (true/false, 1/0) a yes/no, "2026-03-01" a date.
 */
export function customValueOf(type: CustomFieldType, name: string, raw: CustomValue | null): CustomValueResult {
  if (raw === null) return { value: null };
  const text = typeof raw === 'string' ? raw.trim() : null;
  if (text === '') return { value: null };
  switch (type) {
    case 'text': {
      const value = text ?? String(raw);
      if (value.length > CUSTOM_TEXT_MAX) return { problem: `${name} is at most ${CUSTOM_TEXT_MAX} characters` };
      return { value };
    }
    case 'number': {
      const n = typeof raw === 'number' ? raw : text !== null && NUMBER.test(text) ? Number(text) : NaN;
      return Number.isFinite(n) ? { value: n } : { problem: `${name} must be a number` };
    }
    case 'date':
      return text !== null && isCalendarDay(text)
        ? { value: text }
        : { problem: `${name} must be a date (YYYY-MM-DD)` };
    case 'boolean': {
      if (typeof raw === 'boolean') return { value: raw };
      const word = (text ?? String(raw)).toLowerCase();
      if (YES.has(word)) return { value: true };
      if (NO.has(word)) return { value: false };
      return { problem: `${name} must be yes or no` };
    }
  }
}

/**
 * Checks `input` against the definitions: the typed values to store (cleared ones left out), or
 * each failing field's message under `customFields.<key>` (an unknown key too).
 */
export function checkCustomValues(
  fields: readonly Pick<CustomField, 'key' | 'name' | 'type'>[],
  input: CustomValuesInput,
): { values: CustomValues } | { problems: Record<string, string[]> } {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const values: CustomValues = {};
  const problems: Record<string, string[]> = {};
  for (const [key, raw] of Object.entries(input)) {
    const field = byKey.get(key);
    if (!field) {
      problems[`customFields.${key}`] = [`There is no custom field "${key}"`];
      continue;
    }
    const r = customValueOf(field.type, field.name, raw);
    if ('problem' in r) problems[`customFields.${key}`] = [r.problem];
    else if (r.value !== null) values[key] = r.value;
  }
  return Object.keys(problems).length > 0 ? { problems } : { values };
}

/**
 * A segment's filter as a SQL WHERE fragment over `crm.contacts` (one query, one scan of one
 * table: tags and custom values are columns of contacts, see the crm README), and the checks of a
 * filter against what crm knows (custom field keys and types, list ids) before it is saved or
 * counted. Every value is a binding; only names from closed sets (the table alias, a location
 * column) are written into the SQL text.
 *
 * What each condition means:
 * - tags: containment (`tags @> array[tag]`), served by the GIN index on tags;
 * - custom `equals` (text, exact), `eq` (number) and `is` (yes/no): containment of `{key: value}`,
 *   served by the GIN index on custom_fields; ranges, `contains` and set/empty read the value;
 * - dates of custom fields compare as "YYYY-MM-DD" text (how they are stored); "within the last
 *   N days" of a custom date is from N days before today to today, today in the site's time zone;
 * - created before/after a day: before that day starts / after it ends, in the site's time zone;
 * - location: the country, region or city (any letter case) of the contact's latest form
 *   submission (matched by e-mail, as the history does); `is_not` includes contacts with none.
 *   The latest of each address is one ordered pass over `form_submissions_latest_idx`, and each
 *   address found is matched index-only (`contacts_email_lower_idx` carries the address);
 * - engagement: the contact among those the mailer names (its ids, engaged-contacts), resolved
 *   before the SQL is built; "never opened" is every other contact (never mailed included);
 * - first-touch campaign, viewed lot N, viewed any available lot: the contact among those whose
 *   form submissions (by e-mail) were sent from one of the lead sessions analytics names,
 *   resolved before the SQL is built (segment-visits.ts); `is_not` is every other contact, those
 *   with no tracked submission included;
 * - both join as one array of contact ids compared by `= any` / `<> all`, which PostgreSQL
 *   hashes: one pass over the contacts (or a probe of the primary key per id), with no per-row
 *   work beyond a lookup (an address would need `lower()` on each);
 * - asked about lot N: a form submission of the contact (by e-mail) naming lot N.
 * A custom field deleted since a segment was saved has no values left: its conditions then see
 * every contact without a value.
 */
import { badRequest, type Knex } from '@lp/runtime';
import { CUSTOM_OPS_BY_TYPE, type SegmentCondition, type SegmentFilter } from '@lp/contracts';
import { likeFragment } from './contact-search.ts';
import { crmTable } from './rows.ts';

export type SqlFragment = { sql: string; bindings: Knex.RawBinding[] };

export type SegmentSqlOptions = {
  /** The name or alias of crm.contacts in the query (`contacts` by default). */
  table?: string;
  /** The site's time zone (IANA), for days. */
  timeZone: string;
  /** Now, for "within the last N days" (a test fixes it). */
  now?: Date;
  /**
   * The contact ids of each condition another service answers: engagement (the mailer,
   * segment-engagement.ts), first touch and lot views (analytics' lead sessions, segment-visits.ts).
   */
  contactIds?: ReadonlyMap<SegmentCondition, readonly number[]>;
};

type Resolved = {
  timeZone: string;
  now: Date;
  contactIds: ReadonlyMap<SegmentCondition, readonly number[]>;
  /** Every condition must hold (`all`, or a single one): no condition sits under an OR. */
  allMust: boolean;
};

const LOCATION_COLUMNS = { country: 'country', region: 'region', city: 'city' } as const;
const ALIAS = /^[a-z_][a-z0-9_]*$/;

/** The day ("YYYY-MM-DD") of `at` in `timeZone`, `minusDays` before it. */
export function dayIn(at: Date, timeZone: string, minusDays = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - minusDays);
  return d.toISOString().slice(0, 10);
}

function conditionSql(c: SegmentCondition, t: string, o: Resolved): SqlFragment {
  switch (c.field) {
    case 'status':
    case 'source':
      return { sql: `${t}.${c.field} ${c.op === 'is' ? '=' : '<>'} ?`, bindings: [c.value] };
    case 'list': {
      // Not in a list, when every condition must hold: `not exists`, which PostgreSQL runs as an
      // anti-join (a quarter faster at a million contacts than a hashed `not in`).
      if (c.op === 'not_in' && o.allMust)
        return {
          sql: `not exists (select 1 from crm.list_members m where m.list_id = ? and m.contact_id = ${t}.id)`,
          bindings: [c.listId],
        };
      // `in`, not `exists`: under an OR it stays one hashed set instead of a probe per contact.
      const members = `${t}.id in (select m.contact_id from crm.list_members m where m.list_id = ?)`;
      return { sql: c.op === 'in' ? members : `not (${members})`, bindings: [c.listId] };
    }
    case 'tag': {
      const has = `${t}.tags @> array[?]::text[]`;
      return { sql: c.op === 'has' ? has : `not (${has})`, bindings: [c.tag] };
    }
    case 'created': {
      if (c.op === 'within_days')
        return {
          sql: `${t}.created_at >= ?::timestamptz - ? * interval '1 day'`,
          bindings: [o.now.toISOString(), c.days],
        };
      // Before the day starts, or after it ends, in the site's time zone.
      return c.op === 'before'
        ? { sql: `${t}.created_at < (?::date)::timestamp at time zone ?`, bindings: [c.value, o.timeZone] }
        : { sql: `${t}.created_at >= (?::date + 1)::timestamp at time zone ?`, bindings: [c.value, o.timeZone] };
    }
    case 'location': {
      const column = LOCATION_COLUMNS[c.part];
      const latest = `lower(${t}.email) in (select lower(s.email) from (
          select distinct on (lower(email)) email, ${column} from crm.form_submissions
          order by lower(email), created_at desc, id desc) s
        where lower(s.${column}) = lower(?))`;
      return { sql: c.op === 'is' ? latest : `not (${latest})`, bindings: [c.value] };
    }
    case 'custom':
      return customSql(c, t, o);
    case 'engagement':
      return contactIdsSql(c, t, o, c.op === 'never_opened');
    case 'first_touch':
      return contactIdsSql(c, t, o, c.op === 'is_not');
    case 'lot':
      if (c.op !== 'asked_about') return contactIdsSql(c, t, o, false);
      return {
        sql: `lower(${t}.email) in (select lower(s.email) from crm.form_submissions s where s.lot_number = ?)`,
        bindings: [c.lotNumber],
      };
  }
}

/** A condition another service answers: the contact among the ids it gave (`others`: every other contact). */
function contactIdsSql(c: SegmentCondition, t: string, o: Resolved, others: boolean): SqlFragment {
  const ids = o.contactIds.get(c);
  if (!ids) throw new Error(`a ${c.field} condition needs its contacts from the other service first`);
  return { sql: others ? `${t}.id <> all(?::integer[])` : `${t}.id = any(?::integer[])`, bindings: [ids as number[]] };
}

function customSql(c: Extract<SegmentCondition, { field: 'custom' }>, t: string, o: Resolved): SqlFragment {
  const contains = (value: unknown): SqlFragment => ({
    sql: `${t}.custom_fields @> ?::jsonb`,
    bindings: [JSON.stringify({ [c.key]: value })],
  });
  const typed = (type: 'number' | 'string') =>
    type === 'number'
      ? `(case when jsonb_typeof(${t}.custom_fields -> ?::text) = 'number' then (${t}.custom_fields ->> ?::text)::numeric end)`
      : `(case when jsonb_typeof(${t}.custom_fields -> ?::text) = 'string' then ${t}.custom_fields ->> ?::text end)`;
  switch (c.op) {
    case 'equals':
    case 'eq':
    case 'is':
      return contains(c.value);
    case 'contains':
      return { sql: `lower(${typed('string')}) like lower(?)`, bindings: [c.key, c.key, likeFragment(c.value)] };
    case 'is_set':
      return { sql: `jsonb_exists(${t}.custom_fields, ?::text)`, bindings: [c.key] };
    case 'is_empty':
      return { sql: `not jsonb_exists(${t}.custom_fields, ?::text)`, bindings: [c.key] };
    case 'lt':
    case 'gt':
      return { sql: `${typed('number')} ${c.op === 'lt' ? '<' : '>'} ?::numeric`, bindings: [c.key, c.key, c.value] };
    case 'between':
      return { sql: `${typed('number')} between ?::numeric and ?::numeric`, bindings: [c.key, c.key, c.min, c.max] };
    case 'before':
    case 'after':
      return { sql: `${typed('string')} ${c.op === 'before' ? '<' : '>'} ?`, bindings: [c.key, c.key, c.value] };
    case 'within_days':
      return {
        sql: `${typed('string')} between ? and ?`,
        bindings: [c.key, c.key, dayIn(o.now, o.timeZone, c.days), dayIn(o.now, o.timeZone)],
      };
  }
}

/** The WHERE fragment of `filter` (no condition: every contact). */
export function segmentWhere(filter: SegmentFilter, options: SegmentSqlOptions): SqlFragment {
  const t = options.table ?? 'contacts';
  if (!ALIAS.test(t)) throw new Error(`not a table alias: ${t}`);
  if (filter.conditions.length === 0) return { sql: 'true', bindings: [] };
  const o: Resolved = {
    timeZone: options.timeZone,
    now: options.now ?? new Date(),
    contactIds: options.contactIds ?? new Map(),
    allMust: filter.match === 'all' || filter.conditions.length === 1,
  };
  const parts = filter.conditions.map((c) => conditionSql(c, t, o));
  return {
    sql: parts.map((p) => `(${p.sql})`).join(filter.match === 'any' ? ' or ' : ' and '),
    bindings: parts.flatMap((p) => p.bindings),
  };
}

/**
 * Refuses (400, each problem under `filter.conditions.<n>.<field>`) a filter naming a custom
 * field or a list that does not exist, or asking a custom field what its type cannot answer.
 */
export async function checkSegmentFilter(knex: Knex, filter: SegmentFilter): Promise<void> {
  const keys = [...new Set(filter.conditions.flatMap((c) => (c.field === 'custom' ? [c.key] : [])))];
  const listIds = [...new Set(filter.conditions.flatMap((c) => (c.field === 'list' ? [c.listId] : [])))];
  const [fields, lists] = await Promise.all([
    keys.length ? crmTable(knex, 'custom_fields').select('key', 'name', 'type').whereIn('key', keys) : [],
    listIds.length ? crmTable(knex, 'lists').select('id').whereIn('id', listIds) : [],
  ]);
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const knownLists = new Set(lists.map((l) => l.id));
  const problems: Record<string, string[]> = {};
  filter.conditions.forEach((c, i) => {
    if (c.field === 'list' && !knownLists.has(c.listId))
      problems[`filter.conditions.${i}.listId`] = [`There is no list ${c.listId}`];
    if (c.field !== 'custom') return;
    const field = byKey.get(c.key);
    if (!field) {
      problems[`filter.conditions.${i}.key`] = [`There is no custom field "${c.key}"`];
      return;
    }
    const ops: readonly string[] = CUSTOM_OPS_BY_TYPE[field.type];
    if (!ops.includes(c.op))
      problems[`filter.conditions.${i}.op`] = [`${field.name} is a ${field.type} field: use ${ops.join(', ')}`];
  });
  if (Object.keys(problems).length > 0) throw badRequest('Some conditions need attention', { fields: problems });
}

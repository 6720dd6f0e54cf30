/**
 * Web analytics (public site spec §3, §4, §7): the query strings of the two pixels and the
 * batch events the gateway publishes for the analytics service. The gateway checks pixel
 * queries with these schemas; the consumers check every batch again before storing it, with
 * the same limits, so nothing longer than a column expects ever reaches Postgres.
 */
import * as v from 'valibot';
import { EventMetaSchema } from './events.ts';
import { LocationSchema } from './location.ts';
import { NOT_STORABLE_MESSAGE, storable } from './text.ts';

export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const ANALYTICS_LIMITS = {
  path: 2000,
  referrer: 2000,
  sessionId: 100,
  browser: 50,
  os: 50,
  utm: 200,
  eventName: 100,
  eventCategory: 100,
  eventAction: 200,
  eventLabel: 200,
  /** UTF-8 bytes of the JSON text of an event's properties. */
  propsBytes: 4096,
} as const;

export { isStaffPath } from './staff-paths.ts';

/** Hits per published batch; the gateway flushes well below it. */
export const ANALYTICS_BATCH_MAX_HITS = 1000;

const L = ANALYTICS_LIMITS;

/**
 * jsonb refuses the NUL character and unpaired surrogates, anywhere in an object (key or value);
 * JSON.stringify escapes exactly those, so the JSON text shows them.
 */
const jsonStorable = (o: unknown): boolean => !/\\u0000|\\ud[89a-f][0-9a-f]{2}/i.test(JSON.stringify(o));

// storable() here too: a hit with a NUL is refused at the pixel, not parked later with its whole batch.
const text = (max: number, what: string) =>
  v.pipe(v.string(), v.maxLength(max, `${what} must be at most ${max} characters`), storable());
// A missing parameter reads as '' so it gets the field's own message, not a type error.
const requiredText = (max: number, what: string) =>
  v.pipe(v.optional(text(max, what), ''), v.minLength(1, `${what} is required`));
// An empty path already has its message ('Path is required').
const path = v.pipe(
  requiredText(L.path, 'Path'),
  v.check((s) => s === '' || s.startsWith('/'), "Path must start with '/'"),
);

// A missing query parameter is `undefined`; an empty one (`ref=` from an empty document.referrer) is read the same.
const optionalParam = <S extends v.GenericSchema<string | undefined, unknown>>(schema: S) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => (s === '' ? undefined : s)),
      v.optional(schema),
    ),
  );

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** `props`: the JSON text of an object, at most 4 KB. */
const propsParam = v.pipe(
  v.string(),
  v.maxBytes(L.propsBytes, `Properties must be at most ${L.propsBytes} bytes of JSON`),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(dataset.value);
    } catch {
      addIssue({ message: 'Properties must be JSON' });
      return NEVER;
    }
    if (!isPlainObject(parsed)) {
      addIssue({ message: 'Properties must be a JSON object' });
      return NEVER;
    }
    if (!jsonStorable(parsed)) {
      addIssue({ message: NOT_STORABLE_MESSAGE });
      return NEVER;
    }
    return parsed;
  }),
);

/** `val`: a plain decimal number (no hex, no Infinity). */
const numericParam = v.pipe(
  v.string(),
  v.regex(/^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/, 'Value must be a number'),
  v.transform(Number),
  v.finite('Value must be a number'),
);

const utmParams = {
  utm_source: optionalParam(text(L.utm, 'utm_source')),
  utm_medium: optionalParam(text(L.utm, 'utm_medium')),
  utm_campaign: optionalParam(text(L.utm, 'utm_campaign')),
  utm_term: optionalParam(text(L.utm, 'utm_term')),
  utm_content: optionalParam(text(L.utm, 'utm_content')),
};

/** `GET /api/analytics/pixel` query: p, sid, ref, dt, br and the utm_* parameters. */
export const PageviewPixelQuerySchema = v.object({
  p: path,
  sid: requiredText(L.sessionId, 'Session id'),
  ref: optionalParam(text(L.referrer, 'Referrer')),
  dt: optionalParam(v.picklist(DEVICE_TYPES, 'Device type must be mobile, tablet or desktop')),
  br: optionalParam(text(L.browser, 'Browser')),
  ...utmParams,
});
export type PageviewPixelQuery = v.InferOutput<typeof PageviewPixelQuerySchema>;

/** `GET /api/analytics/event-pixel` query: n, c, sid, act, lbl, val, p, props. */
export const EventPixelQuerySchema = v.object({
  n: requiredText(L.eventName, 'Event name'),
  c: requiredText(L.eventCategory, 'Category'),
  sid: requiredText(L.sessionId, 'Session id'),
  act: optionalParam(text(L.eventAction, 'Action')),
  lbl: optionalParam(text(L.eventLabel, 'Label')),
  val: optionalParam(numericParam),
  p: optionalParam(path),
  props: optionalParam(propsParam),
});
export type EventPixelQuery = v.InferOutput<typeof EventPixelQuerySchema>;

// ---------------------------------------------------------------- batch events on the bus

// Every string of a batch ends with storable(): PostgreSQL refuses NUL, in text and in jsonb.
const at = v.pipe(v.string(), v.isoTimestamp());
const busText = (min: number, max: number) => v.pipe(v.string(), v.minLength(min), v.maxLength(max), storable());
const nullableText = (max: number) => v.nullable(busText(0, max));

/** One page view as stored: `at` is when the gateway received it. */
export const PageviewHitSchema = v.object({
  at,
  path: busText(1, L.path),
  sessionId: busText(1, L.sessionId),
  referrer: nullableText(L.referrer),
  deviceType: v.nullable(v.picklist(DEVICE_TYPES)),
  browser: nullableText(L.browser),
  /** Operating system as people name it (Windows, macOS, iOS, Android, Linux, Chrome OS, …); absent from a gateway older than it. */
  os: v.optional(nullableText(L.os), null),
  utmSource: nullableText(L.utm),
  utmMedium: nullableText(L.utm),
  utmCampaign: nullableText(L.utm),
  utmTerm: nullableText(L.utm),
  utmContent: nullableText(L.utm),
  /** Where the visitor was (location.ts); absent from a gateway older than it, all null when unknown. */
  country: v.optional(LocationSchema.entries.country, null),
  region: v.optional(LocationSchema.entries.region, null),
  city: v.optional(LocationSchema.entries.city, null),
  /** Any other utm_* parameter the tracker forwarded (at most 10 in all, keys up to 64 characters). */
  utmExtra: v.optional(
    v.nullable(
      v.pipe(
        v.record(v.pipe(v.string(), v.regex(/^utm_[\w.-]{1,60}$/), storable()), busText(0, L.utm)),
        v.check((o) => Object.keys(o).length <= 10, 'At most 10 extra utm_* parameters'),
      ),
    ),
    null,
  ),
});
export type PageviewHit = v.InferOutput<typeof PageviewHitSchema>;

/** One named event as stored. */
export const EventHitSchema = v.object({
  at,
  sessionId: busText(1, L.sessionId),
  name: busText(1, L.eventName),
  category: busText(1, L.eventCategory),
  action: nullableText(L.eventAction),
  label: nullableText(L.eventLabel),
  value: v.nullable(v.pipe(v.number(), v.finite())),
  path: nullableText(L.path),
  properties: v.nullable(
    v.pipe(
      v.custom<Record<string, unknown>>(isPlainObject, 'Properties must be an object'),
      v.check((o: Record<string, unknown>) => jsonStorable(o), NOT_STORABLE_MESSAGE),
    ),
  ),
});
export type EventHit = v.InferOutput<typeof EventHitSchema>;

const hits = <S extends v.GenericSchema>(hit: S) =>
  v.pipe(v.array(hit), v.minLength(1), v.maxLength(ANALYTICS_BATCH_MAX_HITS));

/** `analytics.pageviews.recorded`: the page views of one gateway flush. */
/**
 * Pixel batches are split by session: every hit of a batch carrying `partition` has a session id
 * of that partition (`analyticsPartitionOf`). The analytics service stores batches of different
 * partitions at the same time (their visits never meet) and batches of one partition in turn; a
 * batch without one (from an older gateway) waits for all the others.
 */
export const ANALYTICS_PARTITIONS = 8;

/** A session id's partition: FNV-1a over its UTF-16 code units, modulo ANALYTICS_PARTITIONS. */
export function analyticsPartitionOf(sessionId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < sessionId.length; i++) {
    h ^= sessionId.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % ANALYTICS_PARTITIONS;
}

const partition = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(ANALYTICS_PARTITIONS - 1)));

export const PageviewsRecordedSchema = v.object({ ...EventMetaSchema, partition, hits: hits(PageviewHitSchema) });
export type PageviewsRecorded = v.InferOutput<typeof PageviewsRecordedSchema>;

/** `analytics.events.recorded`: the named events of one gateway flush. */
export const EventsRecordedSchema = v.object({ ...EventMetaSchema, partition, hits: hits(EventHitSchema) });
export type EventsRecorded = v.InferOutput<typeof EventsRecordedSchema>;

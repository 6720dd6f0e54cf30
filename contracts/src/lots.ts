/**
 * Lots: the seller's thirty lots as data owned by the inventory service. A lot has a
 * number, block, status, tags, size, price, a short description, its outline on the site plan
 * and the time of its last change. Staff change status, price, tags, size and description;
 * every change is audited and published as `inventory.lot.changed`. Visitors see the public
 * view: a sold lot's price is not shown.
 */
import * as v from 'valibot';
import { EventMetaSchema } from './events.ts';
import { RecordVersionSchema } from './record-version.ts';
import { storable } from './text.ts';
import { LOT_INTEREST_RANGES, LOT_STATUSES, LOT_TAGS, type LotInterestRange } from './lot-names.ts';
import { ANALYTICS_RANGES, AnalyticsDaysParamSchema, type AnalyticsRange } from './analytics-period.ts';

export * from './lot-names.ts';

/** Lot numbers the site uses (the plan has thirty; room to grow without a schema change). */
export const LOT_NUMBER_MAX = 9999;
export const LOT_PRICE_MAX = 100_000_000;
export const LOT_SIZE_MAX = 10_000_000;
export const LOT_DESCRIPTION_MAX = 500;

const lotNumber = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(LOT_NUMBER_MAX));

/** The outline on the plan (SVG path in the map's 1000×720 space) and where its number sits. */
export const LotOutlineSchema = v.object({
  path: v.pipe(v.string(), v.maxLength(2000)),
  label: v.object({ x: v.number(), y: v.number() }),
});
export type LotOutline = v.InferOutput<typeof LotOutlineSchema>;

/** A lot as staff see it. */
export const LotSchema = v.object({
  number: lotNumber,
  block: v.string(),
  status: v.picklist(LOT_STATUSES),
  tags: v.array(v.picklist(LOT_TAGS)),
  sizeSqFt: v.pipe(v.number(), v.integer(), v.minValue(1)),
  price: v.pipe(v.number(), v.integer(), v.minValue(1)),
  description: v.string(),
  outline: LotOutlineSchema,
  updatedAt: v.string(),
  updatedBy: v.nullable(v.string()),
  /** Incremented by every change; a change names the version it was based on. */
  version: RecordVersionSchema,
});
export type Lot = v.InferOutput<typeof LotSchema>;

/** A lot as visitors see it: no price once sold, no staff names. */
export const PublicLotSchema = v.object({
  ...v.omit(LotSchema, ['price', 'updatedBy', 'version']).entries,
  price: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type PublicLot = v.InferOutput<typeof PublicLotSchema>;

export function toPublicLot(lot: Lot): PublicLot {
  const { updatedBy: _by, version: _version, price, ...rest } = lot;
  return { ...rest, price: lot.status === 'sold' ? null : price };
}

/** `GET /api/lots` and what the gateway caches: every lot by number, and the newest change. */
export const PublicLotsSchema = v.object({ lots: v.array(PublicLotSchema), lastModified: v.string() });
export type PublicLots = v.InferOutput<typeof PublicLotsSchema>;

const uniqueTags = v.pipe(
  v.array(v.picklist(LOT_TAGS, 'Unknown tag'), 'Tags must be a list'),
  v.check((tags) => new Set(tags).size === tags.length, 'Each tag at most once'),
);

/**
 * `PATCH /api/marketing/lots/{number}`: the version of the lot the change was based on, and any
 * of these fields; nothing else.
 */
export const LotPatchSchema = v.pipe(
  v.strictObject(
    {
      version: RecordVersionSchema,
      status: v.optional(v.picklist(LOT_STATUSES, 'Status must be available, reserved or sold')),
      price: v.optional(
        v.pipe(
          v.number('Price must be a number'),
          v.integer('Price must be whole dollars'),
          v.minValue(1, 'Price must be positive'),
          v.maxValue(LOT_PRICE_MAX, 'Price is too large'),
        ),
      ),
      tags: v.optional(uniqueTags),
      sizeSqFt: v.optional(
        v.pipe(
          v.number('Size must be a number'),
          v.integer('Size must be whole square feet'),
          v.minValue(1, 'Size must be positive'),
          v.maxValue(LOT_SIZE_MAX, 'Size is too large'),
        ),
      ),
      description: v.optional(
        v.pipe(
          v.string('Description must be text'),
          v.trim(),
          v.maxLength(LOT_DESCRIPTION_MAX, `At most ${LOT_DESCRIPTION_MAX} characters`),
          storable(),
        ),
      ),
    },
    'Only status, price, tags, sizeSqFt and description can be changed',
  ),
  v.check((p) => Object.keys(p).some((k) => k !== 'version'), 'Nothing to change'),
);
export type LotPatch = v.InferOutput<typeof LotPatchSchema>;

/** What the gateway asks inventory to change, and who asked (the staff username). */
export const LotUpdateInputSchema = v.object({
  number: lotNumber,
  patch: LotPatchSchema,
  changedBy: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
});

export const LotNumberInputSchema = v.object({ number: lotNumber });

/** One changed field: its value before and after. */
const ChangeSchema = v.object({ from: v.unknown(), to: v.unknown() });

/** One row of a lot's audit trail. */
export const LotChangeSchema = v.object({
  id: v.number(),
  lotNumber: lotNumber,
  changedBy: v.string(),
  changedAt: v.string(),
  changes: v.record(v.string(), ChangeSchema),
});
export type LotChange = v.InferOutput<typeof LotChangeSchema>;

/** `inventory.lot.changed`: the lot after the change, what changed and who changed it. */
export const LotChangedSchema = v.object({
  ...EventMetaSchema,
  lot: LotSchema,
  changes: v.record(v.string(), ChangeSchema),
  changedBy: v.string(),
});
export type LotChanged = v.InferOutput<typeof LotChangedSchema>;

/** What analytics and crm are asked: counts per lot in [from, to). */
export const LotInterestInputSchema = v.object({
  from: v.pipe(v.string(), v.isoTimestamp()),
  to: v.pipe(v.string(), v.isoTimestamp()),
});

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
export const LotViewsSchema = v.object({
  lots: v.array(v.object({ number: lotNumber, pageViews: count, mapClicks: count })),
});
export const LotLeadsSchema = v.object({ lots: v.array(v.object({ number: lotNumber, leads: count })) });

/**
 * The query of the lot interest: `range` (7d|30d|90d, the Lots screen; 30d when absent) or `days`
 * (7|30|90|365, the Analytics screen), never both; parsed to a number of days.
 */
export const LotInterestQuerySchema = v.pipe(
  v.object({
    range: v.optional(
      v.picklist(Object.keys(LOT_INTEREST_RANGES) as LotInterestRange[], 'Range must be 7d, 30d or 90d'),
    ),
    days: v.optional(AnalyticsDaysParamSchema),
  }),
  v.forward(
    v.check((q) => q.range === undefined || q.days === undefined, 'Give either range or days, not both'),
    ['days'],
  ),
  v.transform((q): AnalyticsRange => q.days ?? LOT_INTEREST_RANGES[q.range ?? '30d']),
);

/**
 * `GET /api/marketing/lots/interest?range=30d` (the Lots screen) or `?days=365` (the Analytics
 * screen): one row per lot that drew any interest. `range` is the span as `{days}d` either way.
 * Page views and map clicks come from analytics, leads from crm, watchers from the mailer: when one of them does not
 * answer, its counts are 0 and `viewsUnavailable` or `leadsUnavailable` says so (shown as '—').
 */
export const LotInterestSchema = v.object({
  range: v.picklist(ANALYTICS_RANGES.map((d) => `${d}d` as const)),
  days: v.picklist(ANALYTICS_RANGES),
  from: v.string(),
  to: v.string(),
  lots: v.array(
    v.object({
      number: lotNumber,
      pageViews: count,
      mapClicks: count,
      leads: count,
      /** Confirmed lot-alert watchers now (not in the range: a watch is a standing interest). */
      watchers: count,
    }),
  ),
  viewsUnavailable: v.boolean(),
  leadsUnavailable: v.boolean(),
  /** The mailer (which owns lot watches) did not answer: watchers are 0 and shown as '—'. */
  watchersUnavailable: v.boolean(),
});
export type LotInterest = v.InferOutput<typeof LotInterestSchema>;

/**
 * The thirty lots the site showed before lots became data: the inventory's seed, kept in
 * `lots.json` beside this file, the one place these numbers live (the web app reads lots from the
 * API and its server render). Outlines are in the site plan's 1000×720 space; the plan is
 * illustrative, not to scale. Block A is the lakeside row (premium lake view), Block B holds
 * Builder Package 1 (lots 13-17, Good Hope Bay), Block C the back row. Sold lots keep their last
 * asking price for staff. The file is checked when read: a typo fails the migration, not a page.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { LOT_STATUSES, LOT_TAGS } from '@lp/contracts';

const point = v.object({ x: v.number(), y: v.number() });
const SeedLotSchema = v.strictObject({
  number: v.pipe(v.number(), v.integer(), v.minValue(1)),
  block: v.pipe(v.string(), v.regex(/^[A-Z]$/)),
  status: v.picklist(LOT_STATUSES),
  tags: v.array(v.picklist(LOT_TAGS)),
  sizeSqFt: v.pipe(v.number(), v.integer(), v.minValue(1)),
  price: v.pipe(v.number(), v.integer(), v.minValue(0)),
  description: v.pipe(v.string(), v.minLength(1)),
  outline: v.strictObject({ path: v.pipe(v.string(), v.regex(/^M[\d .LZ]+$/)), label: point }),
});
export type SeedLot = v.InferOutput<typeof SeedLotSchema>;

export const SEED_LOTS: readonly SeedLot[] = v.parse(
  v.array(SeedLotSchema),
  JSON.parse(readFileSync(new URL('./lots.json', import.meta.url), 'utf8')),
);

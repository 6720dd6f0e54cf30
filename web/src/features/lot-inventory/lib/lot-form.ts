/**
 * The edit dialog's form: what staff type (text for numbers) and how it becomes a patch with
 * only the fields that changed
 * and the version of the lot it was based on. Validated on the client with the same limits the server
 * applies (`LotPatchSchema`), which checks again.
 */
import * as v from 'valibot';
import { LOT_DESCRIPTION_MAX, LOT_STATUSES, LOT_TAGS, type Lot, type LotPatch } from '@lp/contracts';

const wholePositive = (what: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,9}$/, `${what} must be a whole number`),
    v.transform(Number),
    v.minValue(1, `${what} must be positive`),
  );

export const LotFormSchema = v.object({
  status: v.picklist(LOT_STATUSES, 'Choose a status'),
  price: wholePositive('Price'),
  sizeSqFt: wholePositive('Size'),
  tags: v.array(v.picklist(LOT_TAGS)),
  description: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(LOT_DESCRIPTION_MAX, `At most ${LOT_DESCRIPTION_MAX} characters`),
  ),
});
export type LotFormInput = v.InferInput<typeof LotFormSchema>;
export type LotFormValues = v.InferOutput<typeof LotFormSchema>;

export const lotFormDefaults = (lot: Lot): LotFormInput => ({
  status: lot.status,
  price: String(lot.price),
  sizeSqFt: String(lot.sizeSqFt),
  tags: [...lot.tags],
  description: lot.description,
});

/** Only what differs from the lot (tags compared as a set), based on the lot's version. */
export function patchOf(lot: Lot, values: LotFormValues): LotPatch {
  const patch: LotPatch = { version: lot.version };
  if (values.status !== lot.status) patch.status = values.status;
  if (values.price !== lot.price) patch.price = values.price;
  if (values.sizeSqFt !== lot.sizeSqFt) patch.sizeSqFt = values.sizeSqFt;
  if (values.description !== lot.description) patch.description = values.description;
  const same = values.tags.length === lot.tags.length && values.tags.every((t) => lot.tags.includes(t));
  if (!same) patch.tags = LOT_TAGS.filter((t) => values.tags.includes(t));
  return patch;
}

/** Numbers and pages in a query string (`?limit=50&cursor=120`), checked with their messages. */
import * as v from 'valibot';

/** A whole number written in a query string, up to PostgreSQL's integer. */
export const intString = (message: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,10}$/, message),
    v.transform(Number),
    v.number(),
    v.maxValue(2_147_483_647, message),
  );

/**
 * The paging keys of a staff list's query string: `limit` (1 to `max`, `fallback` when absent)
 * and `cursor` (the last id of the previous page).
 */
export function pageQueryEntries(max: number, fallback: number) {
  const limitMessage = `limit must be a whole number from 1 to ${max}`;
  return {
    limit: v.optional(
      v.pipe(intString(limitMessage), v.minValue(1, limitMessage), v.maxValue(max, limitMessage)),
      String(fallback),
    ),
    cursor: v.optional(v.pipe(intString('cursor is not valid'), v.minValue(1, 'cursor is not valid'))),
  };
}

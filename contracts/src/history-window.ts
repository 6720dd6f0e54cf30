/**
 * A history shown newest first, a window at a time: each owner (crm's submissions and list joins,
 * the mailer's messages, opens, clicks and inbox) answers only its newest entries, so a long
 * history stays one bus message. `shownSince` keeps the merged view honest: every entry at or
 * after it is listed, older ones may be held back (null: nothing is). Merging windows cuts the
 * result at the latest of their `shownSince`, so an older part of one owner's history is never
 * shown beside a gap in another's.
 */
import * as v from 'valibot';

/** A window's `shownSince` on the bus: optional, so a crm or mailer of the release before still answers. */
export const HistoryShownSinceSchema = v.optional(v.nullable(v.string()), null);

export type HistoryWindow<T extends { at: string }> = { items: T[]; shownSince: string | null };

/**
 * The newest `limit` of `items` (newest first). A query asks for `limit + 1` to learn whether
 * anything is held back; entries that share the time of the first one held back go too, so the
 * window has no gap at its edge.
 */
export function newestEntries<T extends { at: string }>(items: readonly T[], limit: number): HistoryWindow<T> {
  const sorted = [...items].sort(byNewest);
  if (sorted.length <= limit) return { items: sorted, shownSince: null };
  const firstHeldBack = sorted[limit]!.at;
  const kept = sorted.slice(0, limit).filter((i) => Date.parse(i.at) > Date.parse(firstHeldBack));
  return { items: kept, shownSince: kept.at(-1)?.at ?? new Date(Date.parse(firstHeldBack) + 1).toISOString() };
}

/** Several owners' windows as one, newest first, cut where the least complete one ends. */
export function mergeHistoryWindows<T extends { at: string }>(windows: readonly HistoryWindow<T>[]): HistoryWindow<T> {
  const since = windows
    .map((w) => w.shownSince)
    .filter((s): s is string => s !== null)
    .reduce<string | null>((latest, s) => (latest === null || Date.parse(s) > Date.parse(latest) ? s : latest), null);
  const items = windows
    .flatMap((w) => w.items)
    .filter((i) => since === null || Date.parse(i.at) >= Date.parse(since))
    .sort(byNewest);
  return { items, shownSince: since };
}

const byNewest = (a: { at: string }, b: { at: string }) => Date.parse(b.at) - Date.parse(a.at);

/**
 * The rules of an A/B subject test, apart from the database: how many recipients each variant's
 * test group gets, and which variant wins. Both are pure, so each rule is a unit test.
 */
import type { AbTest, AbVariant, AbWinnerBy } from '@lp/contracts';

/**
 * Each test group's size for an audience of `n`: `share` percent of it, rounded, at least one
 * when there are two recipients or more, and never more than half (both groups together never
 * exceed the audience). The rest — what is left — waits for the winner.
 */
export function abGroupSize(n: number, share: number): number {
  if (n < 2) return 0;
  return Math.min(Math.floor(n / 2), Math.max(1, Math.round((n * share) / 100)));
}

export type VariantTally = { delivered: number; uniqueOpens: number; uniqueClicks: number };

/**
 * The winner by people's unique opens (or clicks) as a share of each variant's delivered
 * messages (the groups are the same size, but bounces may differ); a tie goes to A, the
 * campaign's own message. Machine opens and scanner clicks are not in the tallies.
 */
export function abWinnerOf(by: Exclude<AbWinnerBy, 'manual'>, a: VariantTally, b: VariantTally): AbVariant {
  const score = (t: VariantTally) => {
    const hits = by === 'opens' ? t.uniqueOpens : t.uniqueClicks;
    return t.delivered > 0 ? hits / t.delivered : 0;
  };
  return score(b) > score(a) ? 'b' : 'a';
}

/** What a variant sends: B's subject, and B's content when it has its own. */
export function variantMessage(
  variant: AbVariant,
  a: { subject: string; content: string },
  abTest: Pick<AbTest, 'variantB'> | null,
): { subject: string; content: string } {
  if (variant === 'a' || !abTest) return a;
  return { subject: abTest.variantB.subject, content: abTest.variantB.content || a.content };
}

/**
 * A/B subject tests of a campaign: variant B (a subject, optionally its own content) beside the
 * campaign's own message (variant A), each sent to `testShare` percent of the audience; after
 * `decideAfterHours` the variant more people opened (or clicked) wins — or staff pick it — and
 * goes to the rest. The form, the gateway and the mailer validate with these schemas.
 */
import * as v from 'valibot';
import { findUnknownMergeTags, unknownMergeTagsMessage } from './email-html.ts';
import { storable } from './text.ts';

export const AB_VARIANTS = ['a', 'b'] as const;
export type AbVariant = (typeof AB_VARIANTS)[number];
export const AB_WINNER_BY = ['opens', 'clicks', 'manual'] as const;
export type AbWinnerBy = (typeof AB_WINNER_BY)[number];

/** Each variant's share of the audience, in percent: two of them leave the rest at least nothing. */
export const AB_MIN_SHARE = 5;
export const AB_MAX_SHARE = 50;
/** The longest wait before the winner is picked: a week. */
export const AB_MAX_DECIDE_HOURS = 168;

const noUnknownTags = () =>
  v.check<string, (issue: v.CheckIssue<string>) => string>(
    (s) => findUnknownMergeTags(s).length === 0,
    (issue) => unknownMergeTagsMessage(findUnknownMergeTags(String(issue.input))),
  );

/** The A/B section of a send: variant B, each variant's share, how and when the winner is picked. */
export const AbTestSchema = v.object({
  variantB: v.object({
    subject: v.pipe(
      v.optional(v.string('Variant B needs a subject'), ''),
      v.trim(),
      v.minLength(1, 'Variant B needs a subject'),
      v.maxLength(300, 'Variant B’s subject should be at most 300 characters'),
      storable(),
      noUnknownTags(),
    ),
    /** Its own content; variant A's when left out or empty. */
    content: v.optional(
      v.pipe(v.string(), v.maxLength(500_000, 'Variant B’s content is too large'), noUnknownTags()),
      '',
    ),
  }),
  testShare: v.pipe(
    v.number('The share is a whole number of percent'),
    v.integer('The share is a whole number of percent'),
    v.minValue(AB_MIN_SHARE, `Each variant goes to at least ${AB_MIN_SHARE} % of the audience`),
    v.maxValue(AB_MAX_SHARE, `Each variant goes to at most ${AB_MAX_SHARE} % of the audience`),
  ),
  winnerBy: v.picklist(AB_WINNER_BY, 'Choose how the winner is picked'),
  decideAfterHours: v.pipe(
    v.number('The wait is a whole number of hours'),
    v.integer('The wait is a whole number of hours'),
    v.minValue(1, 'Wait at least an hour before picking the winner'),
    v.maxValue(AB_MAX_DECIDE_HOURS, `The wait is at most ${AB_MAX_DECIDE_HOURS} hours (a week)`),
  ),
});
export type AbTest = v.InferOutput<typeof AbTestSchema>;
export type AbTestInput = v.InferInput<typeof AbTestSchema>;

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const iso = v.pipe(v.string(), v.isoTimestamp());

/** One variant's figures: opens and clicks by people only (machine opens and scanner clicks left out). */
export const AbVariantFiguresSchema = v.object({
  variant: v.picklist(AB_VARIANTS),
  subject: v.string(),
  /** Recipients assigned to this variant's test group. */
  recipients: count,
  sent: count,
  /** Sent less bounced: what the rates divide by. */
  delivered: count,
  uniqueOpens: count,
  uniqueClicks: count,
  /** Percent of delivered; 0 while nothing is delivered. */
  openRate: v.number(),
  clickRate: v.number(),
});
export type AbVariantFigures = v.InferOutput<typeof AbVariantFiguresSchema>;

/** A campaign's A/B test as its page shows it. */
export const CampaignAbTestSchema = v.object({
  testShare: count,
  winnerBy: v.picklist(AB_WINNER_BY),
  decideAfterHours: count,
  /** Variant B has content of its own (else only the subject differs). */
  contentB: v.boolean(),
  /** When the winner is picked by itself; null before the test starts, and for a manual pick. */
  decideAt: v.nullable(iso),
  winner: v.nullable(v.picklist(AB_VARIANTS)),
  decidedAt: v.nullable(iso),
  decidedBy: v.nullable(v.picklist(['auto', 'staff'])),
  variants: v.array(AbVariantFiguresSchema),
  /** The rest of the audience: waiting for the winner, then sent it. */
  rest: v.object({ recipients: count, sent: count }),
});
export type CampaignAbTest = v.InferOutput<typeof CampaignAbTestSchema>;

/** `POST /api/marketing/campaigns/{id}/ab-winner`. */
export const AbWinnerFormSchema = v.object({ variant: v.picklist(AB_VARIANTS, 'Choose variant A or B') });
export const AbWinnerInputSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647)),
  ...AbWinnerFormSchema.entries,
});

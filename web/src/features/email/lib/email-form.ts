/**
 * The email editor's form (staff spec §5 Email form): the single-send fields of the contracts
 * plus the recipient mode; a list needs a list, a segment a segment, individuals at least one
 * recipient. The A/B
 * section is checked with the contracts' `AbTestSchema` only when it is switched on.
 */
import * as v from 'valibot';
import { AbTestSchema } from '@lp/contracts/ab-tests';
import { SingleSendSchema } from '@lp/contracts/email';
import { site } from '@lp/contracts/site';

const fields = SingleSendSchema.pipe[0].entries;
export const NO_RECIPIENTS = 'Please select recipients for your email';
export const SAME_AS_A = 'Variant B should differ from variant A: give it another subject or its own content';

/** "A/B test the subject": off, or variant B and how the winner is picked. */
const AbFormSchema = v.variant('enabled', [
  v.looseObject({ enabled: v.literal(false) }),
  v.object({ enabled: v.literal(true), ...AbTestSchema.entries }),
]);

export const EmailFormSchema = v.pipe(
  v.object({
    subject: fields.subject,
    fromName: fields.fromName,
    fromEmail: fields.fromEmail,
    content: fields.content,
    previewText: fields.previewText,
    recipientType: v.picklist(['list', 'segment', 'individual']),
    listId: v.optional(v.string(), ''),
    segmentId: v.optional(v.string(), ''),
    recipients: v.optional(v.array(v.string()), []),
    abTest: AbFormSchema,
  }),
  v.forward(
    v.check(
      (f) =>
        f.recipientType === 'list'
          ? f.listId !== ''
          : f.recipientType === 'segment'
            ? f.segmentId !== ''
            : f.recipients.length > 0,
      NO_RECIPIENTS,
    ),
    ['recipients'],
  ),
  v.forward(
    v.check(
      (f) => !f.abTest.enabled || f.abTest.variantB.subject !== f.subject.trim() || f.abTest.variantB.content !== '',
      SAME_AS_A,
    ),
    ['abTest'],
  ),
);
export type EmailForm = v.InferInput<typeof EmailFormSchema>;

export const emptyEmailForm = (): EmailForm => ({
  subject: '',
  fromName: site.brand,
  fromEmail: site.email,
  content: '',
  previewText: '',
  recipientType: 'list',
  listId: '',
  segmentId: '',
  recipients: [],
  abTest: {
    enabled: false,
    variantB: { subject: '', content: '' },
    testShare: 10,
    winnerBy: 'opens',
    decideAfterHours: 4,
  },
});

/** The request body of `POST /api/marketing/single-send` for a valid form. */
export function singleSendOf(f: v.InferOutput<typeof EmailFormSchema>) {
  const base = {
    subject: f.subject,
    fromName: f.fromName,
    fromEmail: f.fromEmail,
    content: f.content,
    previewText: f.previewText,
  };
  const ab = f.abTest.enabled
    ? {
        abTest: {
          variantB: f.abTest.variantB,
          testShare: f.abTest.testShare,
          winnerBy: f.abTest.winnerBy,
          decideAfterHours: f.abTest.decideAfterHours,
        },
      }
    : {};
  if (f.recipientType === 'list') return { ...base, ...ab, listId: Number(f.listId) };
  // A segment is read as it stands when the send starts (contracts: SingleSendSchema.segmentId).
  if (f.recipientType === 'segment') return { ...base, ...ab, segmentId: Number(f.segmentId) };
  return { ...base, ...ab, recipients: f.recipients };
}

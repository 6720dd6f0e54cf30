/**
 * The email editor's form (staff spec §5 Email form): the single-send fields of the contracts
 * plus the recipient mode; a list needs a list, individuals at least one recipient.
 */
import * as v from 'valibot';
import { SingleSendSchema } from '@lp/contracts/email';
import { site } from '@lp/contracts/site';

const fields = SingleSendSchema.pipe[0].entries;
export const NO_RECIPIENTS = 'Please select recipients for your email';

export const EmailFormSchema = v.pipe(
  v.object({
    subject: fields.subject,
    fromName: fields.fromName,
    fromEmail: fields.fromEmail,
    content: fields.content,
    previewText: fields.previewText,
    recipientType: v.picklist(['list', 'individual']),
    listId: v.optional(v.string(), ''),
    recipients: v.optional(v.array(v.string()), []),
  }),
  v.forward(
    v.check((f) => (f.recipientType === 'list' ? f.listId !== '' : f.recipients.length > 0), NO_RECIPIENTS),
    ['recipients'],
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
  recipients: [],
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
  return f.recipientType === 'list' ? { ...base, listId: Number(f.listId) } : { ...base, recipients: f.recipients };
}

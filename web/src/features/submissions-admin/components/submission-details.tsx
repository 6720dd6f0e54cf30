/**
 * A form submission's details, under its row of the Form Submissions table: the visitor's message
 * (as text, line breaks kept, long words wrapped) and every field the row hides at this width, so
 * a phone shows what a desktop does.
 */
import { Fragment, type ReactNode } from 'react';
import { CONTACT_PAGE_INTERESTS, SUBMISSION_SOURCE_LABELS, type FormSubmission } from '@lp/contracts';
import { EmailAddress } from '../../../components/ui/email-address';
import { placeOf } from '../../../lib/locations';
import { formatDateTime } from '../../../lib/site-time';

/** Contact-page interests are stored by value ('buying'); show their label. */
export function interestLabel(value: string | null): string {
  if (!value) return '—';
  return (CONTACT_PAGE_INTERESTS as Record<string, string>)[value] ?? value;
}

/** `firstTouch`: how the visitor first came (the analytics feature's, handed in by the staff routes). */
/** Found by the submission's session id: a submission without one was not tracked. */
export type FirstTouch = (sessionId: string | null) => ReactNode;

export function SubmissionDetails({
  submission: s,
  firstTouch,
}: {
  submission: FormSubmission;
  firstTouch: FirstTouch;
}) {
  const fields: [string, ReactNode][] = [
    ['Email', <EmailAddress key="e" value={s.email} />],
    ['Phone', s.phone ? <a href={`tel:${s.phone}`}>{s.phone}</a> : '—'],
    ['Interest', interestLabel(s.interest)],
    ...(s.topic ? [['Topic', s.topic] as [string, ReactNode]] : []),
    ...(s.lotNumber ? [['Lot', `Lot ${s.lotNumber}`] as [string, ReactNode]] : []),
    ['Form', SUBMISSION_SOURCE_LABELS[s.source]],
    ['Location', placeOf(s) ?? 'Unknown'],
    ...(s.page
      ? [
          [
            'Page',
            <span key="p" className="[overflow-wrap:anywhere]">
              {s.page}
            </span>,
          ] as [string, ReactNode],
        ]
      : []),
    [
      'Received',
      <time key="t" dateTime={s.createdAt}>
        {formatDateTime(s.createdAt)}
      </time>,
    ],
    ['First touch', <Fragment key="f">{firstTouch(s.sessionId)}</Fragment>],
  ];
  return (
    <div className="grid gap-4 text-sm md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-label={`Message from ${s.firstName} ${s.lastName}`}>
        <h3 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">Message</h3>
        {s.message ? (
          <p className="mt-1 max-h-80 overflow-y-auto whitespace-pre-wrap text-stone-900 [overflow-wrap:anywhere]">
            {s.message}
          </p>
        ) : (
          <p className="mt-1 text-stone-600">No message was sent with this form.</p>
        )}
      </section>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] content-start gap-x-3 gap-y-1">
        {fields.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-stone-600">{term}</dt>
            <dd className="min-w-0 text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

import type { SubmissionMessage } from '../lib/submission-messages';

/**
 * Where a public form says its submission failed, beside the submit button: the same words as
 * the error toast, in an alert region that stays in the page (empty until a failure), so screen
 * readers announce the failure when the text arrives and it stays readable after the toast goes.
 */
export function SubmissionFailure({
  failure,
  className = '',
}: {
  failure: SubmissionMessage | null;
  className?: string;
}) {
  return (
    <p role="alert" className={`text-sm font-medium text-red-700 ${className}`}>
      {failure && (
        <>
          <span className="block font-semibold">{failure.title}</span>{' '}
          <span className="block">{failure.description}</span>
        </>
      )}
    </p>
  );
}

/**
 * The segment builder's live count, announced politely as it changes: how many contacts the
 * filter matches now, "Counting…" while a newer count is on its way (the last one kept meanwhile),
 * or why there is none (a condition still incomplete, the count refused or failed).
 */
import { errorMessage, fieldErrors } from '../../../lib/error-message';

type Props = { count: number | undefined; pending: boolean; error: unknown; complete: boolean };

export function LiveCount({ count, pending, error, complete }: Props) {
  let text: string;
  if (!complete) text = 'Complete the conditions to see how many contacts match.';
  else if (error)
    text =
      Object.keys(fieldErrors(error)).length > 0
        ? 'Some conditions need attention before contacts can be counted.'
        : `The contacts could not be counted. ${errorMessage(error)}`;
  else if (count === undefined) text = 'Counting…';
  else
    text = `${count.toLocaleString('en-US')} ${count === 1 ? 'contact matches' : 'contacts match'}${pending ? ' (counting…)' : ''}`;
  return (
    <p
      role="status"
      aria-live="polite"
      className="sticky top-0 z-10 rounded-md shadow-sm bg-lake-50 px-3 py-2 text-sm font-semibold text-lake-900 ring-1 ring-lake-200"
    >
      {text}
    </p>
  );
}

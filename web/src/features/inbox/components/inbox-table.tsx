/**
 * The From, Subject and Date table (spec §2). Unread rows are bold and say so to screen
 * readers; each subject is a button that opens the email, and the whole row is clickable.
 */
import type { InboxEmailSummary } from '@lp/contracts';
import { formatInboxDate } from '../lib/format-inbox-date';

type Props = { emails: InboxEmailSummary[]; onOpen: (id: number) => void };

export function InboxTable({ emails, onOpen }: Props) {
  return (
    <table className="w-full table-fixed text-left text-sm">
      <thead className="border-b border-stone-200 bg-stone-50 text-stone-700">
        <tr>
          <th scope="col" className="w-[34%] px-3 py-3 font-semibold sm:w-[28%] sm:px-4">
            From
          </th>
          <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
            Subject
          </th>
          <th scope="col" className="w-[5.5rem] px-3 py-3 text-right font-semibold sm:w-32 sm:px-4">
            Date
          </th>
        </tr>
      </thead>
      <tbody>
        {emails.map((e) => (
          <tr
            key={e.id}
            onClick={() => onOpen(e.id)}
            className={`cursor-pointer border-b border-stone-100 last:border-0 hover:bg-lake-50 ${e.isRead ? 'text-stone-700' : 'bg-white font-semibold text-stone-900'}`}
          >
            <td className="truncate px-3 py-3 sm:px-4" title={e.fromEmail}>
              {!e.isRead && (
                <span
                  aria-hidden="true"
                  className="mr-1.5 inline-block size-2 rounded-full bg-canyon-600 align-middle"
                />
              )}
              {e.fromName || e.fromEmail}
            </td>
            <td className="px-3 py-3 sm:px-4">
              <button
                type="button"
                onClick={(ev) => {
                  ev.stopPropagation();
                  onOpen(e.id);
                }}
                className="block w-full truncate text-left hover:underline"
              >
                {!e.isRead && <span className="sr-only">Unread: </span>}
                {e.subject || '(no subject)'}
                {e.hasAttachments && <span className="sr-only"> (has attachments)</span>}
              </button>
              {e.snippet && (
                <span className="hidden truncate text-xs font-normal text-stone-500 sm:block">{e.snippet}</span>
              )}
            </td>
            <td className="px-3 py-3 text-right whitespace-nowrap sm:px-4">
              {e.hasAttachments && (
                <span aria-hidden="true" className="mr-1 text-stone-500">
                  📎
                </span>
              )}
              <time dateTime={e.receivedAt}>{formatInboxDate(e.receivedAt)}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The From, Subject and Date table (spec §2). Unread rows are bold and say so to screen
 * readers; each subject is a button that opens the email, and the whole row is clickable. The
 * last cell of a row is its Mark as Read / Mark as Unread button (an envelope, closed or open).
 */
import type { InboxEmailSummary } from '@lp/contracts';
import { formatInboxDate } from '../lib/format-inbox-date';

type Props = {
  emails: InboxEmailSummary[];
  onOpen: (id: number) => void;
  onSetRead: (id: number, isRead: boolean) => void;
  busy?: boolean;
};

/** The subject button's id: the row's read button is described by it (which email it marks). */
const subjectId = (id: number) => `inbox-subject-${id}`;

export function InboxTable({ emails, onOpen, onSetRead, busy = false }: Props) {
  return (
    <table className="w-full table-fixed text-left text-sm">
      <thead className="border-b border-stone-200 bg-stone-50 text-stone-700">
        <tr>
          <th scope="col" className="w-[30%] px-3 py-3 font-semibold sm:w-[28%] sm:px-4">
            From
          </th>
          <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
            Subject
          </th>
          <th scope="col" className="w-[5.5rem] px-3 py-3 text-right font-semibold sm:w-32 sm:px-4">
            Date
          </th>
          <th scope="col" className="w-11 py-3 pr-1 sm:w-14 sm:pr-2">
            <span className="sr-only">Read</span>
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
                id={subjectId(e.id)}
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
            <td className="py-1 pr-1 text-right sm:pr-2">
              <button
                type="button"
                disabled={busy}
                onClick={(ev) => {
                  ev.stopPropagation();
                  onSetRead(e.id, !e.isRead);
                }}
                aria-label={e.isRead ? 'Mark as unread' : 'Mark as read'}
                aria-describedby={subjectId(e.id)}
                title={e.isRead ? 'Mark as unread' : 'Mark as read'}
                className="inline-flex size-10 items-center justify-center rounded-md text-stone-600 hover:bg-white hover:text-lake-900 hover:ring-1 hover:ring-stone-300 disabled:opacity-60"
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="size-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinejoin="round"
                >
                  {e.isRead ? (
                    // A closed envelope: make it unread again.
                    <path d="M3 5h14v10H3zM3 5l7 6 7-6" />
                  ) : (
                    // An open envelope: mark it read.
                    <path d="M3 8.5 10 3l7 5.5V16H3zM3 8.5l7 5 7-5" />
                  )}
                </svg>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

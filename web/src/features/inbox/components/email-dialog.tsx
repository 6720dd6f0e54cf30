/**
 * The detail dialog (spec §2): subject, sender, received date, the HTML or plain body, the
 * attachments (downloads), Mark as Read / Mark as Unread, Archive and Delete. Opening an unread
 * email marks it read (once per opening: Mark as Unread is not undone while it stays open). The
 * sender links to the CRM: 'In contacts' when the address is a contact, else one click adds it.
 * A reply to a broadcast links to its campaign. Reply opens 'Send an Email' with the answer
 * prefilled (the sender, "Re: " subject, the message quoted), so it leaves through the product's
 * send and counts as the lead's first response.
 */
import { ErrorAlert } from '../../../components/ui/error-state';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { attachmentUrl, useInboxEmail } from '../api/get-inbox-email';
import { errorMessage } from '../../../lib/error-message';
import { replyDraftOf, type SendEmailState } from '../../../lib/reply-draft';
import { formatBytes, formatFullDate } from '../lib/format-inbox-date';
import { useEmailActions } from '../lib/use-email-actions';
import { EmailBody } from './email-body';
import { Dialog } from '../../../components/ui/dialog';

const action =
  'inline-flex min-h-10 items-center justify-center rounded-md px-4 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';

export function EmailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data: email, error, isLoading, mutate } = useInboxEmail(id);
  const actions = useEmailActions();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const marked = useRef<number | null>(null);
  const navigate = useNavigate();

  useEffect(() => {
    setConfirmDelete(false);
    if (id === null) marked.current = null;
  }, [id]);
  useEffect(() => {
    if (email && !email.isRead && marked.current !== email.id) {
      marked.current = email.id;
      void actions.markRead(email.id);
    }
  }, [email, actions]);

  const close = () => {
    setConfirmDelete(false);
    onClose();
  };

  return (
    <Dialog open={id !== null} onClose={close} wide title={email ? email.subject || '(no subject)' : 'Email'}>
      {isLoading && <p className="text-stone-700">Loading email…</p>}
      {error && <ErrorAlert>Failed to load the email. {errorMessage(error)}</ErrorAlert>}
      {email && (
        <div className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold text-stone-600">From</dt>
            <dd className="min-w-0 break-words text-stone-900">
              {email.fromName && <span className="font-semibold">{email.fromName} </span>}
              <span>&lt;{email.fromEmail}&gt;</span>{' '}
              {email.contactId ? (
                <Link
                  to="/marketing/contacts"
                  className="ml-1 rounded-full bg-lake-50 px-2 py-0.5 text-xs font-semibold text-lake-800 ring-1 ring-lake-200"
                >
                  In contacts
                </Link>
              ) : (
                <button
                  type="button"
                  disabled={actions.busy}
                  onClick={async () => {
                    if (await actions.addContact(email.id)) await mutate();
                  }}
                  className="ml-1 rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-lake-800 ring-1 ring-lake-300 hover:bg-lake-50"
                >
                  Add to contacts
                </button>
              )}
            </dd>
            {email.campaignId ? (
              <>
                <dt className="font-semibold text-stone-600">Campaign</dt>
                <dd className="min-w-0 break-words text-stone-900">
                  Reply to campaign:{' '}
                  <Link
                    to={`/marketing/campaigns/${email.campaignId}`}
                    className="font-semibold text-lake-800 underline"
                  >
                    {email.campaignName || email.campaignSubject || `#${email.campaignId}`}
                  </Link>
                </dd>
              </>
            ) : null}
            {email.to && (
              <>
                <dt className="font-semibold text-stone-600">To</dt>
                <dd className="min-w-0 break-words text-stone-900">{email.to}</dd>
              </>
            )}
            <dt className="font-semibold text-stone-600">Received</dt>
            <dd className="text-stone-900">
              <time dateTime={email.receivedAt}>{formatFullDate(email.receivedAt)}</time>
            </dd>
          </dl>

          <EmailBody html={email.bodyHtml} text={email.bodyText} hasRemoteImages={email.hasRemoteImages} />

          {email.attachments.length > 0 && (
            <section aria-label="Attachments">
              <h3 className="text-sm font-semibold text-stone-700">Attachments</h3>
              <ul className="mt-1 flex flex-wrap gap-2">
                {email.attachments.map((a) => (
                  <li key={a.id}>
                    {a.stored ? (
                      <a
                        href={attachmentUrl(email.id, a.id)}
                        download={a.filename}
                        className="inline-flex min-h-10 max-w-full items-center gap-2 rounded-md bg-stone-50 px-3 text-sm text-lake-800 ring-1 ring-stone-200 hover:bg-lake-50"
                      >
                        <span className="truncate">{a.filename}</span>
                        <span className="text-stone-500">{formatBytes(a.size)}</span>
                      </a>
                    ) : (
                      <span className="inline-flex min-h-10 items-center gap-2 rounded-md bg-stone-50 px-3 text-sm text-stone-600 ring-1 ring-stone-200">
                        {a.filename} ({formatBytes(a.size)}, over the size limit, not kept)
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-stone-200 pt-4">
            {confirmDelete ? (
              <>
                <p className="mr-auto text-sm text-stone-800">Delete this email and its attachments permanently?</p>
                <button
                  type="button"
                  className={`${action} ring-1 ring-stone-300`}
                  onClick={() => setConfirmDelete(false)}
                >
                  Cancel
                </button>
                <button
                  type="button"
                  disabled={actions.busy}
                  className={`${action} bg-red-700 text-white hover:bg-red-800`}
                  onClick={async () => {
                    if (await actions.remove(email.id)) close();
                  }}
                >
                  Delete permanently
                </button>
              </>
            ) : (
              <>
                <button
                  type="button"
                  disabled={actions.busy}
                  className={`${action} mr-auto text-lake-800 ring-1 ring-stone-300 hover:bg-stone-50`}
                  onClick={async () => {
                    // Only contacts are mailed: a sender who is not one is added first (as 'Add to contacts').
                    if (!email.contactId && !(await actions.addContact(email.id))) return;
                    const state: SendEmailState = { reply: replyDraftOf(email) };
                    navigate('/marketing/send-email', { state });
                  }}
                >
                  Reply
                </button>
                <button
                  type="button"
                  disabled={actions.busy}
                  className={`${action} bg-white text-stone-900 ring-1 ring-stone-300 hover:bg-stone-50`}
                  onClick={() => actions.setRead(email.id, !email.isRead)}
                >
                  {email.isRead ? 'Mark as unread' : 'Mark as read'}
                </button>
                <button
                  type="button"
                  disabled={actions.busy}
                  className={`${action} bg-white text-stone-900 ring-1 ring-stone-300 hover:bg-stone-50`}
                  onClick={async () => {
                    if (await actions.setStatus(email.id, email.status === 'archived' ? 'inbox' : 'archived')) close();
                  }}
                >
                  {email.status === 'archived' ? 'Move to Inbox' : 'Archive'}
                </button>
                <button
                  type="button"
                  className={`${action} bg-red-700 text-white hover:bg-red-800`}
                  onClick={() => setConfirmDelete(true)}
                >
                  Delete
                </button>
              </>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}

/**
 * The Inbox screen (spec §2, §4, §9): All / Unread / Archived tabs, server-side search, a
 * refresh button, the filter menu with the developer test helper, the From / Subject / Date
 * table 15 per page with 'Showing x-y of n' (each row with Mark as Read / Mark as Unread), and
 * the detail dialog. The list refreshes every
 * 15 s and on window focus, retrying a failed load 3 times.
 */
import { SearchInput } from '../../../components/form/search-input';
import { ErrorAlert } from '../../../components/ui/error-state';
import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { INBOX_PAGE_SIZE } from '@lp/contracts';
import { useInbox, type InboxTab } from '../api/list-inbox';
import { isInboxKey } from '../lib/inbox-swr';
import { useEmailActions } from '../lib/use-email-actions';
import { EmailDialog } from './email-dialog';
import { InboxFilterMenu } from './inbox-filter-menu';
import { InboxPagination } from './inbox-pagination';
import { InboxTable } from './inbox-table';
import { InboxTabs, PANEL_ID, tabId } from './inbox-tabs';
import { TestEmailDialog } from './test-email-dialog';
import { formatCount } from '../../../lib/format-count';

const EMPTY: Record<InboxTab, string> = {
  all: 'No emails yet.',
  unread: 'No unread emails.',
  archived: 'No archived emails.',
};

export function InboxPage() {
  const { mutate } = useSWRConfig();
  const [tab, setTab] = useState<InboxTab>('all');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [cursors, setCursors] = useState<string[]>([]);
  const [openId, setOpenId] = useState<number | null>(null);
  const [testOpen, setTestOpen] = useState(false);
  const { data, error, isLoading, isValidating } = useInbox(tab, q, cursors[cursors.length - 1]);
  const actions = useEmailActions();

  // Search on the server once typing pauses; a new filter starts from the first page.
  useEffect(() => {
    const t = setTimeout(() => setQ(search.trim()), 300);
    return () => clearTimeout(t);
  }, [search]);
  useEffect(() => setCursors([]), [tab, q]);

  const refresh = () => mutate(isInboxKey);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-lake-900">Inbox</h1>
        {data && data.unreadCount > 0 && (
          <p className="text-sm text-stone-600">{formatCount(data.unreadCount)} unread</p>
        )}
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <InboxTabs tab={tab} onChange={setTab} />
        <div className="flex items-center gap-2">
          <form
            role="search"
            className="min-w-0 flex-1 sm:w-72 sm:flex-none"
            onSubmit={(e) => (e.preventDefault(), setQ(search.trim()))}
          >
            <SearchInput
              label="Search emails"
              value={search}
              onChange={setSearch}
              placeholder="Search emails…"
              className="block min-h-10 w-full rounded-md border border-stone-400 bg-white px-3 text-base text-stone-900 shadow-sm focus:border-lake-600 sm:text-sm"
            />
          </form>
          <button
            type="button"
            onClick={refresh}
            aria-label="Refresh"
            title="Refresh"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-md bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className={`size-5 ${isValidating ? 'animate-spin' : ''}`}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M16 10a6 6 0 1 1-1.8-4.3M16 3v4h-4" />
            </svg>
          </button>
          <InboxFilterMenu tab={tab} onTab={setTab} onTestEmail={() => setTestOpen(true)} />
        </div>
      </div>

      <div
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={tabId(tab)}
        className="mt-4 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-200"
      >
        {isLoading && !data && <p className="p-6 text-stone-700">Loading emails…</p>}
        {error && !data && <ErrorAlert className="m-4">Failed to load emails. Please try again.</ErrorAlert>}
        {data && data.emails.length === 0 && (
          <p className="p-6 text-stone-700">{q ? 'No emails match your search.' : EMPTY[tab]}</p>
        )}
        {data && data.emails.length > 0 && (
          <InboxTable
            emails={data.emails}
            onOpen={setOpenId}
            onSetRead={(id, isRead) => void actions.setRead(id, isRead)}
            busy={actions.busy}
          />
        )}
        {data && (
          <InboxPagination
            start={cursors.length * INBOX_PAGE_SIZE}
            shown={data.emails.length}
            total={data.total}
            hasPrevious={cursors.length > 0}
            hasNext={data.nextCursor !== null}
            onPrevious={() => setCursors((c) => c.slice(0, -1))}
            onNext={() => data.nextCursor && setCursors((c) => [...c, data.nextCursor!])}
          />
        )}
      </div>

      <EmailDialog id={openId} onClose={() => setOpenId(null)} />
      <TestEmailDialog open={testOpen} onClose={() => setTestOpen(false)} onSent={refresh} />
    </>
  );
}

/**
 * Form Submissions (/marketing/form-submissions and /marketing/submissions): the website's
 * submissions as a table with a list selector and 'Add to Contacts' per row. A row whose e-mail
 * already belongs to a contact shows 'In contacts'; converting never makes a second contact. Each
 * row shows its lead attribution (first touch, visits and pages before converting) and the start
 * of the visitor's message; its name opens the row's details (the whole message and every field).
 * Each row shows how long staff took to answer it (First response), and a card the median per week.
 */
import { ListOptions } from '../../../components/form/list-options';
import { useEffect, useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { SUBMISSION_SOURCE_LABELS, formatDuration, type FormSubmission } from '@lp/contracts';
import { SelectableTable, type Column } from '../../../components/ui/data-table';
import { EmailAddress } from '../../../components/ui/email-address';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { controlClass } from '../../../components/form/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/toast/toast-store';
import { LISTS_KEY, useLists } from '../../../lib/use-lists';
import { convertSubmission } from '../api/convert-submission';
import { useSubmissions } from '../api/list-submissions';
import { formatDateTime } from '../../../lib/site-time';
import { placeOf } from '../../../lib/locations';
import { GeoAttribution } from '../../../components/ui/geo-attribution';
import { interestLabel, SubmissionDetails, type FirstTouch } from './submission-details';
import { ResponseTimesCard } from './response-times-card';

/** "2 h 14 min" from the submission to its first staff response; "—" while none. */
const firstResponseOf = (s: FormSubmission) =>
  s.firstResponseAt ? formatDuration(Date.parse(s.firstResponseAt) - Date.parse(s.createdAt)) : '—';

const detailsId = (s: FormSubmission) => `submission-${s.id}-details`;

function columns(
  open: ReadonlySet<number>,
  toggle: (id: number) => void,
  firstTouch: FirstTouch,
): Column<FormSubmission>[] {
  return [
    {
      header: 'Name',
      cell: (s) => (
        <>
          <button
            type="button"
            aria-expanded={open.has(s.id)}
            aria-controls={detailsId(s)}
            aria-label={`${s.firstName} ${s.lastName} details`}
            onClick={() => toggle(s.id)}
            className="-mx-1 inline-flex min-h-10 items-center gap-1 rounded px-1 text-left font-medium text-stone-900 hover:underline"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className={`size-4 shrink-0 text-stone-500 transition-transform ${open.has(s.id) ? 'rotate-90' : ''}`}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="m8 5 5 5-5 5" />
            </svg>
            <span>{`${s.firstName} ${s.lastName}`}</span>
          </button>
          {/* On a phone the e-mail sits under the name (its column is hidden there). */}
          <EmailAddress value={s.email} className="block text-stone-700 sm:hidden" />
          {/* As wide as the column the other cells make, never wider: a long message does not widen the table. */}
          {s.message && <span className="block w-0 min-w-full truncate text-xs text-stone-600">{s.message}</span>}
        </>
      ),
    },
    { header: 'Email', cell: (s) => <EmailAddress value={s.email} />, className: 'hidden sm:table-cell' },
    { header: 'Phone', cell: (s) => s.phone, className: 'hidden md:table-cell', cellClassName: 'whitespace-nowrap' },
    { header: 'Interest', cell: (s) => interestLabel(s.interest), className: 'hidden lg:table-cell' },
    { header: 'Source', cell: (s) => SUBMISSION_SOURCE_LABELS[s.source], className: 'hidden xl:table-cell' },
    {
      header: 'First touch',
      cell: (s) => firstTouch(s.sessionId),
      className: 'hidden lg:table-cell',
    },
    {
      header: 'Date',
      cell: (s) => <span className="whitespace-nowrap">{formatDateTime(s.createdAt)}</span>,
      className: 'hidden sm:table-cell',
    },
    {
      header: 'First response',
      cell: (s) => (
        <span
          className="whitespace-nowrap"
          title={s.firstResponseAt ? formatDateTime(s.firstResponseAt) : 'Not answered yet'}
        >
          {firstResponseOf(s)}
        </span>
      ),
      className: 'hidden md:table-cell',
    },
  ];
}

/** `actions`: what the app puts beside the title (the lead replies' settings). */
export function FormSubmissionsPage({ firstTouch, actions }: { firstTouch: FirstTouch; actions?: ReactNode }) {
  const { data, error, isLoading, mutate: reload } = useSubmissions();
  const lists = useLists({ fresh: true });
  const { mutate } = useSWRConfig();
  const [listId, setListId] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((o) => {
      const next = new Set(o);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  useEffect(() => {
    document.title = 'Form Submissions | Marketing Dashboard';
  }, []);

  const onConvert = async (s: FormSubmission) => {
    setBusy(s.id);
    try {
      const r = await convertSubmission(s.id, listId ? Number(listId) : null);
      const list = lists.data?.find((l) => String(l.id) === listId);
      toast({
        title: r.created ? 'Contact added successfully' : 'Already in contacts',
        description: list ? `${r.contact.email} is on the list ${list.name}` : r.contact.email,
      });
      await Promise.all([reload(), mutate(LISTS_KEY), mutate('/api/marketing/stats')]);
    } catch {
      toast({ title: 'Failed to convert form submission to contact', variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-lake-900">Form Submissions</h1>
        {actions}
      </div>
      <div className="mt-6 max-w-sm">
        <label htmlFor="submissions-list" className="block text-sm font-medium text-stone-800">
          Add contacts to list
        </label>
        <select
          id="submissions-list"
          className={controlClass}
          value={listId}
          onChange={(e) => setListId(e.target.value)}
        >
          <option value="">No list</option>
          <ListOptions lists={lists.data} />
        </select>
      </div>
      <div className="mt-6 max-w-xl">
        <ResponseTimesCard />
      </div>
      <div className="mt-6">
        {isLoading && <Spinner label="Loading submissions…" />}
        {error && <ErrorState message="Failed to load form submissions. Please try again." onRetry={() => reload()} />}
        {data && data.length === 0 && <EmptyState title="No form submissions yet" />}
        {data && data.length > 0 && (
          <SelectableTable
            label="Form submissions"
            rows={data}
            columns={columns(open, toggle, firstTouch)}
            rowKey={(s) => s.id}
            details={{
              isOpen: (s) => open.has(s.id),
              id: detailsId,
              render: (s) => <SubmissionDetails submission={s} firstTouch={firstTouch} />,
            }}
            actions={(s) => {
              const inContacts = s.contactId !== null;
              return (
                <button
                  type="button"
                  onClick={() => onConvert(s)}
                  disabled={busy === s.id || (inContacts && !listId)}
                  aria-label={inContacts ? `${s.email} is in contacts` : `Add ${s.email} to contacts`}
                  className="min-h-10 whitespace-nowrap rounded-md px-3 text-sm font-semibold text-lake-900 ring-1 ring-stone-300 hover:bg-stone-100 disabled:cursor-default disabled:bg-green-50 disabled:text-green-900 disabled:ring-green-200"
                >
                  {inContacts ? (listId ? 'Add to List' : 'In contacts ✓') : 'Add to Contacts'}
                </button>
              );
            }}
          />
        )}
        {data?.some((s) => placeOf(s) !== null) && <GeoAttribution className="mt-3" />}
      </div>
    </>
  );
}

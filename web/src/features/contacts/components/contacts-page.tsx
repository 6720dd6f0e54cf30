/**
 * Contacts (/marketing/contacts): server-side search (name, e-mail, phone, tags, custom text), status and segment filters, select-all and row checkboxes, Add
 * Contact, Import Contacts (CSV), Add to List for the selection, Export, and per row Edit,
 * View History, Add to List and Delete. Pages of 100 load on demand; the total is the server's.
 * A selection can grow to every contact matching the search, status and segment ("Select all N
 * matching"); bulk actions then apply on the server to the whole match, not the loaded pages.
 * Custom fields are defined from here; the Columns picker adds the tags and custom fields to the
 * table (the choice kept in this browser).
 */
import { SearchInput } from '../../../components/form/search-input';
import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { CONTACT_STATUSES, type Contact } from '@lp/contracts';
import { SelectableTable } from '../../../components/ui/data-table';
import { DropdownMenu } from '../../../components/ui/dropdown-menu';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { controlClass } from '../../../components/form/form-field';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { button } from '../../../components/ui/styles';
import { toast } from '../../../components/toast/toast-store';
import { formatCount } from '../../../lib/format-count';
import { download, exportContactsUrl, exportSelectedContacts } from '../api/export-contacts';
import { useContacts, type StatusFilter } from '../api/list-contacts';
import type { BulkTarget } from '../lib/bulk-target';
import { BulkBar } from './bulk-bar';
import { useDebounced } from '../../../lib/use-debounced';
import { useSegments } from '../../../lib/use-segments';
import { useCustomFields } from '../api/custom-fields';
import { useShownColumns } from '../lib/shown-columns';
import { ColumnPicker } from './column-picker';
import { CONTACT_COLUMNS, optionalContactColumns } from './contact-columns';
import { ContactDialogs, type OpenDialog } from './contact-dialogs';
import { ExportContactsMenu } from './export-contacts-menu';

const STATUS_OPTIONS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...CONTACT_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
];

export function ContactsPage() {
  // `?q=` opens the screen searched (a new lead's staff alert links to its contact so).
  const [search, setSearch] = useState(() => new URLSearchParams(window.location.search).get('q') ?? '');
  const q = useDebounced(search.trim(), 300);
  const [status, setStatus] = useState<StatusFilter>('all');
  // '' or a saved segment's id: the table, "select all matching" and the export then take its contacts.
  const [segmentFilter, setSegmentFilter] = useState('');
  const segments = useSegments();
  const segment = segments.data?.find((x) => String(x.id) === segmentFilter);
  const segmentId = segment?.id;
  const pages = useContacts(q, status, segmentId);
  const filtered = q !== '' || status !== 'all' || segmentId !== undefined;
  const { mutate } = useSWRConfig();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  // Every contact matching the search and status, loaded or not.
  const [allMatching, setAllMatching] = useState(false);
  const [open, setOpen] = useState<OpenDialog>(null);
  const customFields = useCustomFields();
  const { shown, toggle } = useShownColumns();
  const optional = optionalContactColumns(customFields.data ?? []);
  const columns = [...CONTACT_COLUMNS, ...optional.filter((c) => shown.includes(c.id)).map((c) => c.column)];
  const contacts = (pages.data ?? []).flatMap((p) => p.contacts);
  const total = pages.data?.[0]?.total ?? 0;
  const next = pages.data?.[pages.data.length - 1]?.next ?? null;
  const statusOrNone = status === 'all' ? undefined : status;
  const target: BulkTarget = allMatching
    ? {
        selection: {
          match: {
            ...(q ? { q } : {}),
            ...(statusOrNone ? { status: statusOrNone } : {}),
            ...(segmentId ? { segmentId } : {}),
          },
        },
        count: total,
      }
    : { selection: { ids: [...selected] }, count: selected.size };
  const clearSelection = () => {
    setSelected(new Set());
    setAllMatching(false);
  };
  const exportSelection = async () => {
    if (allMatching) return download({ url: exportContactsUrl({ q, status: statusOrNone, segmentId }) });
    try {
      download({ csv: await exportSelectedContacts([...selected]) });
    } catch {
      toast({ title: 'Failed to export contacts. Please try again.', variant: 'destructive' });
    }
  };

  useEffect(() => {
    document.title = 'Contacts | Marketing Dashboard';
  }, []);
  // A selection belongs to the query that showed it: when the search (after its pause) or the
  // status changes, it and any bulk dialog opened on it go, so "all matching" never means
  // the matches of a search the person has already replaced.
  useEffect(() => {
    setSelected(new Set());
    setAllMatching(false);
    setOpen((o) => (o?.kind === 'bulk' || o?.kind === 'list' ? null : o));
  }, [q, status, segmentId]);
  useEffect(() => {
    if (pages.error) toast({ title: 'Failed to load contacts. Please try again.', variant: 'destructive' });
  }, [pages.error]);

  const refresh = () => Promise.all([pages.mutate(), mutate('/api/marketing/stats')]);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-lake-900">Contacts</h1>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={button.secondary} onClick={() => setOpen({ kind: 'fields' })}>
            Custom fields
          </button>
          <button type="button" className={button.secondary} onClick={() => setOpen({ kind: 'import' })}>
            Import CSV
          </button>
          <button type="button" className={button.dark} onClick={() => setOpen({ kind: 'add' })}>
            Add Contact
          </button>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap items-end gap-3">
        <div className="min-w-0 grow basis-64">
          <SearchInput
            label="Search contacts"
            placeholder="Search by name, email, phone or tag"
            value={search}
            onChange={(value) => {
              setSearch(value);
              clearSelection();
            }}
            className={`${controlClass} mt-0`}
          />
        </div>
        <Select
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value) => {
            setStatus(value);
            clearSelection();
          }}
        />
        {(segments.data?.length ?? 0) > 0 && (
          <Select
            label="Segment"
            value={segmentFilter}
            options={[
              { value: '', label: 'All contacts' },
              ...(segments.data ?? []).map((x) => ({ value: String(x.id), label: x.name })),
            ]}
            onChange={(value) => {
              setSegmentFilter(value);
              clearSelection();
            }}
          />
        )}
        <button type="button" className={button.secondary} onClick={() => setOpen({ kind: 'list', target })}>
          Add to List{target.count ? ` (${formatCount(target.count)})` : ''}
        </button>
        <ExportContactsMenu
          q={q}
          status={status === 'all' ? undefined : status}
          {...(segment ? { segment: { id: segment.id, name: segment.name } } : {})}
        />
        <ColumnPicker columns={optional} shown={shown} onToggle={toggle} />
      </div>
      <p className="mt-3 text-sm text-stone-600" aria-live="polite">
        {pages.data ? `Showing ${formatCount(contacts.length)} of ${formatCount(total)} contacts` : ''}
      </p>
      {target.count > 0 && (
        <BulkBar
          count={target.count}
          total={total}
          allMatching={allMatching}
          onSelectAllMatching={() => setAllMatching(true)}
          onClear={clearSelection}
          onAction={(action) => setOpen({ kind: 'bulk', action, target })}
          onExport={() => void exportSelection()}
        />
      )}
      <div className="mt-2">
        {pages.isLoading && <Spinner label="Loading contacts…" />}
        {pages.error && (
          <ErrorState message="Failed to load contacts. Please try again." onRetry={() => pages.mutate()} />
        )}
        {pages.data && contacts.length === 0 && (
          <EmptyState title={filtered ? 'No contacts match your search' : 'No contacts found'}>
            {q
              ? 'Try another name, email, phone or tag.'
              : segmentId !== undefined
                ? 'No contact matches this segment now.'
                : filtered
                  ? 'No contact has this status.'
                  : 'Add a contact or import a CSV file to get started.'}
          </EmptyState>
        )}
        {contacts.length > 0 && (
          <SelectableTable<Contact>
            label="Contacts"
            rows={contacts}
            columns={columns}
            rowKey={(c) => c.id}
            selection={{
              selected: allMatching ? new Set(contacts.map((c) => c.id)) : selected,
              onChange: (next) => {
                setAllMatching(false);
                setSelected(next);
              },
              rowLabel: (c) => c.email,
            }}
            actions={(c) => (
              <DropdownMenu
                label={`Actions for ${c.email}`}
                items={[
                  { label: 'Edit', onSelect: () => setOpen({ kind: 'edit', contact: c }) },
                  { label: 'View History', onSelect: () => setOpen({ kind: 'history', contact: c }) },
                  {
                    label: 'Add to List',
                    onSelect: () => setOpen({ kind: 'list', target: { selection: { ids: [c.id] }, count: 1 } }),
                  },
                  { label: 'Delete', danger: true, onSelect: () => setOpen({ kind: 'delete', contact: c }) },
                ]}
              />
            )}
          />
        )}
        {next && (
          <div className="mt-4 text-center">
            <button
              type="button"
              className={button.secondary}
              onClick={() => pages.setSize(pages.size + 1)}
              disabled={pages.isValidating}
            >
              {pages.isValidating ? 'Loading...' : 'Load more'}
            </button>
          </div>
        )}
      </div>
      <ContactDialogs
        open={open}
        onClose={() => setOpen(null)}
        onChanged={() => {
          clearSelection();
          void refresh();
        }}
      />
    </>
  );
}

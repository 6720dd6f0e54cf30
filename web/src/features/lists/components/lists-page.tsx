/** Lists (/marketing/lists): the table of lists with Create, and per row View contacts, Edit, Duplicate and Delete. */
import { useEffect, useState } from 'react';
import type { ContactList } from '@lp/contracts';
import { SelectableTable, type Column } from '../../../components/ui/data-table';
import { DropdownMenu } from '../../../components/ui/dropdown-menu';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { button } from '../../../components/ui/styles';
import { useLists } from '../../../lib/use-lists';
import { DeleteListDialog } from './delete-list-dialog';
import { DuplicateListDialog } from './duplicate-list-dialog';
import { ListContactsDialog } from './list-contacts-dialog';
import { ListFormDialog } from './list-form-dialog';
import { formatDate } from '../../../lib/site-time';

const COLUMNS: Column<ContactList>[] = [
  { header: 'Name', cell: (l) => <span className="font-medium text-stone-900">{l.name}</span> },
  { header: 'Description', cell: (l) => l.description ?? '—', className: 'hidden md:table-cell' },
  { header: 'Contacts', cell: (l) => l.contact_count.toLocaleString('en-US') },
  { header: 'Created', cell: (l) => formatDate(l.created_at), className: 'hidden sm:table-cell' },
];

type Open = { kind: 'create' } | { kind: 'edit' | 'duplicate' | 'delete' | 'view'; list: ContactList } | null;

export function ListsPage() {
  const lists = useLists();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const pick = (kind: 'edit' | 'duplicate' | 'delete' | 'view') => (open && open.kind === kind ? open.list : null);
  useEffect(() => {
    document.title = 'Lists | Marketing Dashboard';
  }, []);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-lake-900">Lists</h1>
        <button type="button" className={button.dark} onClick={() => setOpen({ kind: 'create' })}>
          Create List
        </button>
      </div>
      <div className="mt-6">
        {lists.isLoading && <Spinner label="Loading lists…" />}
        {lists.error && <ErrorState message="Failed to load lists. Please try again." onRetry={() => lists.mutate()} />}
        {lists.data && lists.data.length === 0 && (
          <EmptyState title="No lists yet">Create a list to group contacts for an email.</EmptyState>
        )}
        {lists.data && lists.data.length > 0 && (
          <SelectableTable
            label="Lists"
            rows={lists.data}
            columns={COLUMNS}
            rowKey={(l) => l.id}
            actions={(l) => (
              <DropdownMenu
                label={`Actions for ${l.name}`}
                items={[
                  { label: 'View Contacts', onSelect: () => setOpen({ kind: 'view', list: l }) },
                  { label: 'Edit', onSelect: () => setOpen({ kind: 'edit', list: l }) },
                  { label: 'Duplicate', onSelect: () => setOpen({ kind: 'duplicate', list: l }) },
                  { label: 'Delete', danger: true, onSelect: () => setOpen({ kind: 'delete', list: l }) },
                ]}
              />
            )}
          />
        )}
      </div>
      <ListFormDialog
        open={open?.kind === 'create' || open?.kind === 'edit'}
        listId={pick('edit')?.id}
        onClose={close}
      />
      <DuplicateListDialog list={pick('duplicate')} onClose={close} />
      <DeleteListDialog list={pick('delete')} onClose={close} />
      <ListContactsDialog list={pick('view')} onClose={close} />
    </>
  );
}

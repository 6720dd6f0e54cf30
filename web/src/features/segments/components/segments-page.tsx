/**
 * Segments (/marketing/segments): the saved segments with each one's contacts counted now, when
 * it was last changed, and per row Edit, Export CSV and Delete; Create Segment opens the builder.
 */
import { useEffect, useState } from 'react';
import type { Segment } from '@lp/contracts';
import { SelectableTable, type Column } from '../../../components/ui/data-table';
import { DropdownMenu } from '../../../components/ui/dropdown-menu';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { button } from '../../../components/ui/styles';
import { formatDateTime } from '../../../lib/site-time';
import { useSegmentCount, useSegments } from '../../../lib/use-segments';
import { downloadExport } from '../api/segments';
import { DeleteSegmentDialog } from './delete-segment-dialog';
import { SegmentBuilderDialog } from './segment-builder-dialog';

function SegmentCount({ id }: { id: number }) {
  const count = useSegmentCount(id);
  if (count.error) return <span className="text-red-800">Not counted</span>;
  if (!count.data) return <span className="text-stone-500">Counting…</span>;
  return <>{count.data.count.toLocaleString('en-US')}</>;
}

const COLUMNS: Column<Segment>[] = [
  { header: 'Name', rowHeader: true, cell: (s) => <span className="font-medium text-stone-900">{s.name}</span> },
  { header: 'Contacts', cell: (s) => <SegmentCount id={s.id} /> },
  { header: 'Updated', cell: (s) => formatDateTime(s.updatedAt), className: 'hidden sm:table-cell' },
];

type Open = { kind: 'create' } | { kind: 'edit' | 'delete'; segment: Segment } | null;

export function SegmentsPage() {
  const segments = useSegments();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  useEffect(() => {
    document.title = 'Segments | Marketing Dashboard';
  }, []);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-lake-900">Segments</h1>
        <button type="button" className={button.dark} onClick={() => setOpen({ kind: 'create' })}>
          Create Segment
        </button>
      </div>
      <div className="mt-6">
        {segments.isLoading && <Spinner label="Loading segments…" />}
        {segments.error && (
          <ErrorState message="Failed to load segments. Please try again." onRetry={() => segments.mutate()} />
        )}
        {segments.data && segments.data.length === 0 && (
          <EmptyState title="No segments yet">
            Create a segment to pick contacts by status, list, tag, custom field, source, date, place or email activity.
            It stays up to date by itself.
          </EmptyState>
        )}
        {segments.data && segments.data.length > 0 && (
          <SelectableTable
            label="Segments"
            rows={segments.data}
            columns={COLUMNS}
            rowKey={(s) => s.id}
            actions={(s) => (
              <DropdownMenu
                label={`Actions for ${s.name}`}
                items={[
                  { label: 'Edit', onSelect: () => setOpen({ kind: 'edit', segment: s }) },
                  { label: 'Export CSV', onSelect: () => downloadExport(s.id) },
                  { label: 'Delete', danger: true, onSelect: () => setOpen({ kind: 'delete', segment: s }) },
                ]}
              />
            )}
          />
        )}
      </div>
      <SegmentBuilderDialog
        open={open?.kind === 'create' || open?.kind === 'edit'}
        segmentId={open?.kind === 'edit' ? open.segment.id : undefined}
        onClose={close}
      />
      <DeleteSegmentDialog segment={open?.kind === 'delete' ? open.segment : null} onClose={close} />
    </>
  );
}

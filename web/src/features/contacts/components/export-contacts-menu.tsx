/** Export: all contacts, the current search's, status's and segment's, or one list's, as a CSV download. */
import type { ContactStatus } from '@lp/contracts';
import { useLists } from '../../../lib/use-lists';
import { DropdownMenu } from '../../../components/ui/dropdown-menu';
import { download as save, exportContactsUrl } from '../api/export-contacts';

const download = (url: string) => save({ url });

export function ExportContactsMenu({
  q,
  status,
  segment,
}: {
  q: string;
  status?: ContactStatus;
  segment?: { id: number; name: string };
}) {
  const lists = useLists();
  const matching = [q ? `"${q}"` : '', status ?? '', segment ? `segment ${segment.name}` : '']
    .filter(Boolean)
    .join(', ');
  return (
    <div className="flex items-center gap-1 rounded-md ring-1 ring-stone-300">
      <span className="pl-3 text-sm font-semibold text-stone-800">Export</span>
      <DropdownMenu
        label="Export contacts as CSV"
        items={[
          { label: 'All contacts', onSelect: () => download(exportContactsUrl({})) },
          ...(matching
            ? [
                {
                  label: `Matching ${matching}`,
                  onSelect: () => download(exportContactsUrl({ q, status, segmentId: segment?.id })),
                },
              ]
            : []),
          ...(lists.data ?? []).map((l) => ({
            label: `List: ${l.name}`,
            onSelect: () => download(exportContactsUrl({ listId: l.id })),
          })),
        ]}
      />
    </div>
  );
}

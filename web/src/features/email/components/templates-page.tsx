/**
 * Templates (staff spec §2): the list tab (row menu Edit, Duplicate, Use in Email, Delete) and
 * the create dialog (name, subject, description); after create, the new template's page. Delete
 * asks first, naming the template.
 */
import { ErrorAlert } from '../../../components/ui/error-state';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { mutate } from 'swr';
import type { Template } from '@lp/contracts/email';
import { toast } from '../../../components/toast/toast-store';
import { SelectableTable, type Column } from '../../../components/ui/data-table';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { dialogButton } from '../../../components/ui/dialog';
import { TEMPLATES_KEY, deleteTemplate, duplicateTemplate, useTemplates } from '../api/templates';
import { CreateTemplateDialog } from './create-template-dialog';
import { DropdownMenu } from '../../../components/ui/dropdown-menu';
import { formatDate } from '../../../lib/site-time';

const COLUMNS: Column<Template>[] = [
  { header: 'Name', cell: (t) => t.name, cellClassName: 'font-medium text-stone-900' },
  { header: 'Subject', cell: (t) => t.subject },
  { header: 'Category', cell: (t) => t.category },
  { header: 'Updated', cell: (t) => formatDate(t.updated_at), cellClassName: 'whitespace-nowrap' },
];

export function TemplatesPage() {
  const { data, error, isLoading } = useTemplates();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (fn: () => Promise<unknown>, ok: string, failed: string) => {
    try {
      await fn();
      await mutate(TEMPLATES_KEY);
      toast({ title: ok });
    } catch {
      toast({ title: failed, variant: 'destructive' });
    }
  };

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-lake-900">Templates</h1>
        <button type="button" className={dialogButton.primary} onClick={() => setCreating(true)}>
          Create Template
        </button>
      </div>
      {isLoading && <p className="mt-6 text-stone-700">Loading templates…</p>}
      {error && <ErrorAlert className="mt-6">Failed to load templates</ErrorAlert>}
      {data && data.length === 0 && <p className="mt-6 text-stone-700">No templates yet.</p>}
      {data && data.length > 0 && (
        <div className="mt-6">
          <SelectableTable
            label="Templates"
            rows={data}
            columns={COLUMNS}
            rowKey={(t) => t.id}
            actions={(t) => (
              <DropdownMenu
                label={`Actions for ${t.name}`}
                items={[
                  { label: 'Edit', onSelect: () => navigate(`/marketing/templates/${t.id}`) },
                  {
                    label: 'Duplicate',
                    onSelect: () =>
                      act(
                        () => duplicateTemplate(t.id),
                        'Template duplicated successfully',
                        'Failed to duplicate template',
                      ),
                  },
                  { label: 'Use in Email', onSelect: () => navigate(`/marketing/send-email?template=${t.id}`) },
                  {
                    label: 'Delete',
                    danger: true,
                    onSelect: () => setDeleting(t),
                  },
                ]}
              />
            )}
            density="comfortable"
            minWidth="40rem"
          />
        </div>
      )}
      <CreateTemplateDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Template"
        message={deleting ? `Delete the template “${deleting.name}”? This cannot be undone.` : undefined}
        confirmLabel="Delete"
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const t = deleting!;
          setBusy(true);
          void act(() => deleteTemplate(t.id), 'Template deleted successfully', 'Failed to delete template').finally(
            () => {
              setBusy(false);
              setDeleting(null);
            },
          );
        }}
      />
    </>
  );
}

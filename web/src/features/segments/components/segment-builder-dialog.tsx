/**
 * Create and edit a segment: a name, "all" or "any" of a list of conditions (added and removed
 * row by row), and the contacts that match counted by the server as the filter changes (300 ms
 * after the last change, only while every condition is complete). The form is checked with the
 * contracts' `SegmentFormSchema` on save and again on each change after; the server's field
 * messages (a name another segment has, a list or custom field that is gone) show at their
 * input under the same paths. Edit opens the segment as stored now and saves with its version:
 * one changed since is refused (409), said plainly, what was typed kept.
 *
 * Rows are plain state rather than react-hook-form fields: a row's inputs change shape with its
 * field and operator, and the one schema check of the whole form gives every message by path.
 */
import { useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { SegmentFilterSchema, SegmentFormSchema, fieldErrorsOf, type Segment } from '@lp/contracts';
import { FormField, controlClass } from '../../../components/form/form-field';
import { toast } from '../../../components/toast/toast-store';
import { FormDialog, RecordFormDialog } from '../../../components/ui/form-dialog';
import { StaleCopyAlert } from '../../../components/ui/stale-copy-alert';
import { fieldErrors } from '../../../lib/error-message';
import { staleEditMessage } from '../../../lib/stale-edit';
import { useLists } from '../../../lib/use-lists';
import { refreshSegments } from '../../../lib/use-segments';
import { useCampaignNames } from '../../../lib/use-campaign-names';
import { createSegment, segmentUrl, updateSegment, useCustomFields } from '../api/segments';
import { draftFor, draftOf, filterOf, type ConditionDraft } from '../lib/condition-draft';
import { ConditionRow } from './condition-row';
import { useLiveCount } from '../lib/use-live-count';
import { LiveCount } from './live-count';

type Props = { open: boolean; segmentId?: number; onClose: () => void };

export function SegmentBuilderDialog({ open, segmentId, onClose }: Props) {
  return (
    <RecordFormDialog<Segment>
      open={open}
      url={segmentId === undefined ? undefined : segmentUrl(segmentId)}
      title="Edit Segment"
      loadingLabel="Loading segment…"
      failedMessage="The segment could not be loaded. Please try again."
      onClose={onClose}
      form={(segment, onLoadStored) => (
        <SegmentBuilder segment={segment} onClose={onClose} onLoadStored={onLoadStored} />
      )}
    />
  );
}

type Row = { uid: number; draft: ConditionDraft };
let nextUid = 1;
const row = (draft: ConditionDraft): Row => ({ uid: nextUid++, draft });

/** Messages of condition `i`, by its own field name. */
function rowErrors(errors: Record<string, string>, i: number): Record<string, string> {
  const prefix = `filter.conditions.${i}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k.startsWith(prefix))
      .map(([k, m]) => [k.slice(prefix.length), m]),
  );
}

function SegmentBuilder({
  segment,
  onClose,
  onLoadStored,
}: {
  segment?: Segment;
  onClose: () => void;
  onLoadStored?: () => void;
}) {
  const customFields = useCustomFields().data ?? [];
  const lists = useLists().data ?? [];
  const campaigns = useCampaignNames().data ?? [];
  const [name, setName] = useState(segment?.name ?? '');
  const [match, setMatch] = useState<'all' | 'any'>(segment?.filter.match ?? 'all');
  const [rows, setRows] = useState<Row[]>(() => (segment?.filter.conditions ?? []).map((c) => row(draftOf(c))));
  const [added, setAdded] = useState<number | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [saveErrors, setSaveErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);

  const filter = filterOf(
    match,
    rows.map((r) => r.draft),
  );
  const checked = v.safeParse(SegmentFormSchema, { name, filter });
  const filterComplete = v.safeParse(SegmentFilterSchema, filter).success;
  const live = useLiveCount(filterComplete ? filter : null);
  const errors = {
    // The count's 400 names what only the server knows (a list or custom field that is gone).
    ...fieldErrors(live.error),
    ...(submitted && !checked.success ? firstOf(fieldErrorsOf(checked.issues)) : {}),
    ...saveErrors,
  };

  /** Any edit: the save's messages were about the form as it was. */
  const edit = (fn: () => void) => {
    setSaveErrors({});
    fn();
  };
  const setRow = (uid: number, draft: ConditionDraft) =>
    edit(() => setRows((rs) => rs.map((r) => (r.uid === uid ? { uid, draft } : r))));
  const addRow = () =>
    edit(() => {
      const r = row(draftFor('tag', customFields));
      setRows((rs) => [...rs, r]);
      setAdded(r.uid);
    });
  const removeRow = (uid: number) =>
    edit(() => {
      setRows((rs) => rs.filter((r) => r.uid !== uid));
      // The focused Remove button goes with its row: the keyboard carries on from Add condition.
      addButton.current?.focus();
    });

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    setStale(null);
    if (!checked.success) return;
    setSaving(true);
    try {
      if (segment) await updateSegment(segment.id, { ...checked.output, version: segment.version });
      else await createSegment(checked.output);
      toast({ title: segment ? 'Segment updated' : 'Segment created' });
      await refreshSegments();
      onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      const message = staleEditMessage(error);
      if (Object.keys(fields).length > 0) setSaveErrors(fields);
      else if (message) setStale(message);
      else
        toast({
          title: segment ? 'Failed to update segment' : 'Failed to create segment',
          description: 'Please try again.',
          variant: 'destructive',
        });
    } finally {
      setSaving(false);
    }
  };

  const listError = errors['filter.conditions'] ?? errors.filter ?? errors['filter.match'];
  return (
    <FormDialog
      onClose={onClose}
      title={segment ? 'Edit Segment' : 'Create Segment'}
      formId="segment-form"
      onSubmit={(e) => void onSubmit(e)}
      submitLabel={saving ? 'Saving...' : segment ? 'Save Changes' : 'Create Segment'}
      pending={saving}
      wide
      notice={stale && onLoadStored && <StaleCopyAlert message={stale} onLoadStored={onLoadStored} />}
    >
      <FormField id="segment-name" label="Segment name" required error={errors.name}>
        {(p) => (
          <input {...p} className={controlClass} value={name} onChange={(e) => edit(() => setName(e.target.value))} />
        )}
      </FormField>
      <FormField id="segment-match" label="Contacts must match">
        {(p) => (
          <select
            {...p}
            className={controlClass}
            value={match}
            onChange={(e) => edit(() => setMatch(e.target.value === 'any' ? 'any' : 'all'))}
          >
            <option value="all">All of these conditions</option>
            <option value="any">Any of these conditions</option>
          </select>
        )}
      </FormField>
      <LiveCount count={live.count} pending={live.pending} error={live.error} complete={filterComplete} />
      <div className="grid gap-3">
        {rows.length === 0 && (
          <p className="text-sm text-stone-600">No conditions yet: the segment holds every contact.</p>
        )}
        {rows.map((r, i) => (
          <ConditionRow
            key={r.uid}
            uid={r.uid}
            index={i}
            draft={r.draft}
            errors={rowErrors(errors, i)}
            onChange={(d) => setRow(r.uid, d)}
            onRemove={() => removeRow(r.uid)}
            autoFocus={added === r.uid}
            customFields={customFields}
            lists={lists}
            campaigns={campaigns}
          />
        ))}
        {listError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {listError}
          </p>
        )}
        <div>
          <button
            ref={addButton}
            type="button"
            onClick={addRow}
            className="min-h-10 rounded-md px-4 font-semibold text-lake-900 ring-1 ring-stone-300 hover:bg-stone-50"
          >
            Add condition
          </button>
        </div>
      </div>
    </FormDialog>
  );
}

const firstOf = (fields: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(fields).map(([k, m]) => [k, m[0] ?? '']));

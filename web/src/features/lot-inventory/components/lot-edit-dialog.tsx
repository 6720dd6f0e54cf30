/**
 * The lot edit dialog (the shared dialog: focus stays inside, Escape cancels): status, price,
 * size, tags and description, validated before it is sent; the server's field errors show
 * beside their fields. Below the form, the lot's audit trail (who changed what, when).
 * It opens the lot as stored now (read afresh, not the list's copy) and saves over that version
 * only: when someone changed the lot in between, the save is refused (409), the dialog says so
 * and keeps what was typed, and 'Load the newer version' starts the form again from the stored lot.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { LOT_STATUSES, LOT_TAGS, type Lot, type LotPatch } from '@lp/contracts';
import { SelectInput, TextArea, TextInput } from '../../../components/form/form-controls';
import { Dialog, dialogButton } from '../../../components/ui/dialog';
import { StaleEditAlert } from '../../../components/ui/stale-edit-alert';
import { ApiError } from '../../../lib/api-request';
import { staleEditMessage } from '../../../lib/stale-edit';
import { useStaffLot } from '../api/get-staff-lot';
import { useLotChanges } from '../api/list-lot-changes';
import { LotFormSchema, lotFormDefaults, patchOf, type LotFormInput, type LotFormValues } from '../lib/lot-form';
import { changedAt, money, squareFeet, statusLabel, tagLabel } from '../lib/lot-labels';

type Props = { number: number; onSave: (patch: LotPatch) => Promise<void>; onClose: () => void };

const FIELDS = ['status', 'price', 'sizeSqFt', 'tags', 'description'] as const;

function shown(field: string, value: unknown): string {
  if (field === 'price' && typeof value === 'number') return money(value);
  if (field === 'sizeSqFt' && typeof value === 'number') return squareFeet(value);
  if (field === 'status' && typeof value === 'string') return statusLabel(value as Lot['status']);
  if (field === 'tags' && Array.isArray(value))
    return value.length ? value.map((t) => tagLabel(t as Lot['tags'][number])).join(', ') : 'none';
  return typeof value === 'string' ? (value ? `“${value}”` : 'empty') : String(value);
}

const FIELD_NAMES: Record<string, string> = {
  status: 'status',
  price: 'price',
  sizeSqFt: 'size',
  tags: 'tags',
  description: 'description',
};

function LotHistory({ number }: { number: number }) {
  const { changes, error, isLoading } = useLotChanges(number);
  return (
    <section aria-labelledby="lot-history-title" className="mt-6 border-t border-stone-200 pt-4">
      <h3 id="lot-history-title" className="text-sm font-semibold text-stone-900">
        History
      </h3>
      {isLoading && <p className="mt-2 text-sm text-stone-600">Loading history…</p>}
      {error && <p className="mt-2 text-sm text-red-700">The history could not be loaded.</p>}
      {changes && changes.length === 0 && <p className="mt-2 text-sm text-stone-600">No changes yet.</p>}
      {changes && changes.length > 0 && (
        <ol className="mt-2 grid max-h-40 gap-2 overflow-y-auto text-sm">
          {changes.map((c) => (
            <li key={c.id} className="text-stone-700">
              <span className="font-medium text-stone-900">{c.changedBy}</span>, {changedAt(c.changedAt)}:{' '}
              {Object.entries(c.changes)
                .map(([f, d]) => `${FIELD_NAMES[f] ?? f} ${shown(f, d.from)} → ${shown(f, d.to)}`)
                .join('; ')}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function LotEditDialog({ number, onSave, onClose }: Props) {
  const stored = useStaffLot(number);
  const lot = stored.data;
  return (
    <Dialog open title={`Edit lot ${number}`} description={lot ? `Block ${lot.block}` : undefined} onClose={onClose}>
      {lot ? (
        <LotEditForm key={stored.generation} lot={lot} onSave={onSave} onClose={onClose} onLoadNewer={stored.reload} />
      ) : stored.error ? (
        <p role="alert" className="text-red-700">
          {stored.error instanceof ApiError && stored.error.status === 404
            ? `Lot ${number} not found`
            : 'The lot could not be loaded. Please try again.'}
        </p>
      ) : (
        <p role="status" className="text-stone-600">
          Loading lot…
        </p>
      )}
    </Dialog>
  );
}

type FormProps = Omit<Props, 'number'> & { lot: Lot; onLoadNewer: () => void };

function LotEditForm({ lot, onSave, onClose, onLoadNewer }: FormProps) {
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LotFormInput, unknown, LotFormValues>({
    resolver: valibotResolver(LotFormSchema),
    defaultValues: lotFormDefaults(lot),
  });

  const onSubmit = handleSubmit(async (values) => {
    const patch = patchOf(lot, values);
    if (Object.keys(patch).length === 1) return onClose(); // the version alone: nothing changed
    setSaving(true);
    try {
      await onSave(patch);
    } catch (err) {
      setStale(staleEditMessage(err));
      const fields = err instanceof ApiError ? err.envelope?.error.details?.fields : undefined;
      for (const f of FIELDS) if (fields?.[f]?.[0]) setError(f, { type: 'server', message: fields[f][0] });
      setSaving(false);
    }
  });

  const id = (f: string) => `lot-${lot.number}-${f}`;
  /** A field's id (by its short name), error and registration. */
  const field = (name: 'status' | 'price' | 'sizeSqFt' | 'description', short: string) => ({
    id: id(short),
    error: errors[name]?.message,
    registration: register(name),
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      {stale && (
        <div className="mb-4">
          <StaleEditAlert
            message={stale}
            loading={reloading}
            onLoadNewer={() => {
              setReloading(true);
              onLoadNewer();
            }}
          />
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput
          {...field('status', 'status')}
          label="Status"
          placeholder="Choose a status"
          options={LOT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
        />
        <TextInput {...field('price', 'price')} label="Price (USD)" autoComplete="off" />
        <TextInput {...field('sizeSqFt', 'size')} label="Size (sq ft)" autoComplete="off" />
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-stone-800">Tags</legend>
          <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
            {LOT_TAGS.map((t) => (
              <label key={t} className="inline-flex min-h-10 items-center gap-2 text-sm text-stone-800">
                <input type="checkbox" value={t} {...register('tags')} className="size-4" />
                {tagLabel(t)}
              </label>
            ))}
          </div>
          {errors.tags?.message && <p className="mt-1 text-sm font-medium text-red-700">{errors.tags.message}</p>}
        </fieldset>
        <TextArea {...field('description', 'description')} label="Description" className="sm:col-span-2" />
      </div>
      <div className="mt-5 flex justify-end gap-3">
        <button type="button" onClick={onClose} className={dialogButton.cancel}>
          Cancel
        </button>
        <button type="submit" disabled={saving} className={dialogButton.primary}>
          {saving ? 'Saving…' : 'Save changes'}
        </button>
      </div>
      <LotHistory number={lot.number} />
    </form>
  );
}

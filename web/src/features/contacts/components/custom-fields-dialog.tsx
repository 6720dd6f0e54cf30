/**
 * Custom fields (from the Contacts screen): the fields every contact may have, each with its
 * name, key and type; add one (name, type, and a key proposed from the name), rename one (its
 * values stay; a copy renamed by someone else since is refused and the list reloaded), delete one
 * after a confirmation saying its values go from every contact. The key and type stay as made.
 */
import { useState, type FormEvent } from 'react';
import {
  CUSTOM_FIELD_TYPES,
  CUSTOM_FIELD_TYPE_LABELS,
  customFieldKeyOf,
  type CustomField,
  type CustomFieldType,
} from '@lp/contracts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { controlClass, FormField } from '../../../components/form/form-field';
import { ErrorAlert } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { button } from '../../../components/ui/styles';
import { toast } from '../../../components/toast/toast-store';
import { errorMessage, fieldError } from '../../../lib/error-message';
import { createCustomField, deleteCustomField, renameCustomField, useCustomFields } from '../api/custom-fields';

type Props = { open: boolean; onClose: () => void; onChanged: () => void };

export function CustomFieldsDialog({ open, onClose, onChanged }: Props) {
  const fields = useCustomFields();
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const changed = async () => {
    await fields.mutate();
    onChanged();
  };
  return (
    <>
      <Dialog
        open={open && deleting === null}
        title="Custom fields"
        description="Fields every contact can have. The key and type stay as made; renaming a field keeps its values."
        onClose={onClose}
        wide
      >
        {fields.isLoading && <Spinner label="Loading custom fields…" />}
        {fields.error && <ErrorAlert>The custom fields could not be loaded. Please try again.</ErrorAlert>}
        {fields.data && fields.data.length === 0 && <p className="text-sm text-stone-700">No custom fields yet.</p>}
        {fields.data && fields.data.length > 0 && (
          <ul className="divide-y divide-stone-200 rounded-md border border-stone-200" aria-label="Custom fields">
            {fields.data.map((f) => (
              <FieldRow key={f.id} field={f} onRenamed={changed} onDelete={() => setDeleting(f)} />
            ))}
          </ul>
        )}
        <AddFieldForm onAdded={changed} />
      </Dialog>
      <ConfirmActionDialog
        open={deleting !== null}
        title="Delete custom field"
        message={deleting ? `Delete ${deleting.name}? Its value is removed from every contact.` : undefined}
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        action={async () => deleting && (await deleteCustomField(deleting.id))}
        done={{ title: 'Custom field deleted' }}
        afterDone={changed}
        failed={{ title: 'Failed to delete the custom field. Please try again.' }}
      />
    </>
  );
}

function FieldRow({
  field,
  onRenamed,
  onDelete,
}: {
  field: CustomField;
  onRenamed: () => Promise<void>;
  onDelete: () => void;
}) {
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await renameCustomField(field.id, name ?? field.name, field.version);
      setName(null);
      setError(null);
      await onRenamed();
    } catch (err) {
      setError(fieldError(err, 'name') ?? errorMessage(err));
      // Renamed by someone else since: the list shows the name stored now.
      await onRenamed();
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-3 px-3 py-2">
      {name === null ? (
        <>
          <span className="min-w-0 grow">
            <span className="font-medium text-stone-900">{field.name}</span>{' '}
            <span className="text-sm text-stone-600">
              <code>{field.key}</code> · {CUSTOM_FIELD_TYPE_LABELS[field.type]}
            </span>
          </span>
          <button
            type="button"
            className="text-sm font-semibold text-lake-800"
            aria-label={`Rename ${field.name}`}
            onClick={() => setName(field.name)}
          >
            Rename
          </button>
          <button
            type="button"
            className="text-sm font-semibold text-red-700"
            aria-label={`Delete ${field.name}`}
            onClick={onDelete}
          >
            Delete
          </button>
        </>
      ) : (
        <form className="flex grow flex-wrap items-end gap-2" onSubmit={(e) => void save(e)}>
          <div className="grow">
            <FormField
              id={`custom-field-${field.id}-name`}
              label={`New name for ${field.name}`}
              error={error ?? undefined}
            >
              {(p) => <input {...p} className={controlClass} value={name} onChange={(e) => setName(e.target.value)} />}
            </FormField>
          </div>
          <button type="submit" className={button.dark}>
            Save
          </button>
          <button type="button" className={button.secondary} onClick={() => (setName(null), setError(null))}>
            Cancel
          </button>
        </form>
      )}
    </li>
  );
}

function AddFieldForm({ onAdded }: { onAdded: () => Promise<void> }) {
  const [name, setName] = useState('');
  const [key, setKey] = useState('');
  const [type, setType] = useState<CustomFieldType>('text');
  const [errors, setErrors] = useState<{ name?: string; key?: string }>({});
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setErrors({ name: 'Field name is required' });
    setPending(true);
    try {
      const field = await createCustomField({ name, key, type });
      toast({ title: `Custom field ${field.name} added` });
      setName('');
      setKey('');
      setErrors({});
      await onAdded();
    } catch (err) {
      const named = { name: fieldError(err, 'name'), key: fieldError(err, 'key') };
      if (named.name || named.key) setErrors(named);
      else
        toast({
          title: errorMessage(err, 'Failed to add the custom field. Please try again.'),
          variant: 'destructive',
        });
    } finally {
      setPending(false);
    }
  };
  return (
    <form className="mt-4 grid gap-3 sm:grid-cols-3" onSubmit={(e) => void submit(e)} aria-label="Add a custom field">
      <FormField id="custom-field-name" label="Field name" required error={errors.name}>
        {(p) => <input {...p} className={controlClass} value={name} onChange={(e) => setName(e.target.value)} />}
      </FormField>
      <FormField id="custom-field-type" label="Type">
        {(p) => (
          <select
            {...p}
            className={controlClass}
            value={type}
            onChange={(e) => setType(e.target.value as CustomFieldType)}
          >
            {CUSTOM_FIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {CUSTOM_FIELD_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="custom-field-key" label="Key" hint="Used in CSV columns" hintBelow error={errors.key}>
        {(p) => (
          <input
            {...p}
            className={controlClass}
            value={key}
            placeholder={customFieldKeyOf(name) || 'budget'}
            onChange={(e) => setKey(e.target.value)}
          />
        )}
      </FormField>
      <div className="sm:col-span-3">
        <button type="submit" className={button.dark} disabled={pending}>
          {pending ? 'Adding…' : 'Add field'}
        </button>
      </div>
    </form>
  );
}

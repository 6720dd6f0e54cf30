/** Duplicate a list: the name defaults to the original's with ' (Copy)'; its contacts are copied when asked. */
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useSWRConfig } from 'swr';
import { ListDuplicateSchema, type ContactList } from '@lp/contracts';
import { Dialog, dialogButton } from '../../../components/ui/dialog';
import { FormField, controlClass } from '../../../components/form/form-field';
import { toast } from '../../../components/toast/toast-store';
import { duplicateList } from '../api/duplicate-list';
import { LISTS_KEY } from '../api/list-lists';

type Values = { name: string; description: string; copyContacts: boolean };

export function DuplicateListDialog({ list, onClose }: { list: ContactList | null; onClose: () => void }) {
  const { mutate } = useSWRConfig();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: valibotResolver(ListDuplicateSchema) as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    values: { name: list ? `${list.name} (Copy)` : '', description: list?.description ?? '', copyContacts: true },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (!list) return;
    try {
      await duplicateList(list.id, {
        name: values.name,
        description: values.description || null,
        copyContacts: values.copyContacts,
      });
      toast({ title: 'List duplicated' });
      await Promise.all([mutate(LISTS_KEY), mutate('/api/marketing/stats')]);
      onClose();
    } catch {
      toast({ title: 'Failed to duplicate list', description: 'Please try again.', variant: 'destructive' });
    }
  });

  return (
    <Dialog
      open={list !== null}
      onClose={onClose}
      title="Duplicate List"
      footer={
        <>
          <button type="button" className={dialogButton.cancel} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="duplicate-list-form" className={dialogButton.primary} disabled={isSubmitting}>
            {isSubmitting ? 'Duplicating…' : 'Duplicate'}
          </button>
        </>
      }
    >
      <form id="duplicate-list-form" noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField id="duplicate-name" label="List name" required error={errors.name?.message}>
          {(p) => <input {...p} className={controlClass} {...register('name')} />}
        </FormField>
        <FormField id="duplicate-description" label="Description">
          {(p) => <textarea {...p} rows={2} className={controlClass} {...register('description')} />}
        </FormField>
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input type="checkbox" className="size-4" {...register('copyContacts')} />
          Copy the list's {(list?.contact_count ?? 0).toLocaleString('en-US')} contacts
        </label>
      </form>
    </Dialog>
  );
}

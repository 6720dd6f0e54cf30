/**
 * Duplicate a list: the name defaults to the first free one of "Name (Copy)", "Name (Copy 2)"…
 * (list names are unique in any letter case; a name taken meanwhile is shown on the field); its
 * contacts are copied when asked. Each opening starts from the list chosen.
 */
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useSWRConfig } from 'swr';
import { ListDuplicateSchema, type ContactList } from '@lp/contracts';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormField, controlClass } from '../../../components/form/form-field';
import { toast } from '../../../components/toast/toast-store';
import { fieldError } from '../../../lib/error-message';
import { duplicateList } from '../api/duplicate-list';
import { LISTS_KEY, useLists } from '../../../lib/use-lists';
import { freeCopyName } from '../lib/copy-name';

type Values = { name: string; description: string; copyContacts: boolean };

/** Mounted only while open (keyed by the list), so no opening inherits the form of the one before. */
export function DuplicateListDialog({ list, onClose }: { list: ContactList | null; onClose: () => void }) {
  return list ? <DuplicateListForm key={list.id} list={list} onClose={onClose} /> : null;
}

function DuplicateListForm({ list, onClose }: { list: ContactList; onClose: () => void }) {
  const { mutate } = useSWRConfig();
  const lists = useLists();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: valibotResolver(ListDuplicateSchema) as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      name: freeCopyName(
        list.name,
        (lists.data ?? []).map((l) => l.name),
      ),
      description: list.description ?? '',
      copyContacts: true,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await duplicateList(list.id, {
        name: values.name,
        description: values.description || null,
        copyContacts: values.copyContacts,
      });
      toast({ title: 'List duplicated' });
      await Promise.all([mutate(LISTS_KEY), mutate('/api/marketing/stats')]);
      onClose();
    } catch (error) {
      const nameTaken = fieldError(error, 'name');
      if (nameTaken) return setError('name', { message: nameTaken });
      toast({ title: 'Failed to duplicate list', description: 'Please try again.', variant: 'destructive' });
    }
  });

  return (
    <FormDialog
      onClose={onClose}
      title="Duplicate List"
      formId="duplicate-list-form"
      onSubmit={onSubmit}
      submitLabel={isSubmitting ? 'Duplicating…' : 'Duplicate'}
      pending={isSubmitting}
    >
      <FormField id="duplicate-name" label="List name" required error={errors.name?.message}>
        {(p) => <input {...p} className={controlClass} {...register('name')} />}
      </FormField>
      <FormField id="duplicate-description" label="Description">
        {(p) => <textarea {...p} rows={2} className={controlClass} {...register('description')} />}
      </FormField>
      <label className="flex items-center gap-2 text-sm text-stone-800">
        <input type="checkbox" className="size-4" {...register('copyContacts')} />
        Copy the list's {list.contact_count.toLocaleString('en-US')} contacts
      </label>
    </FormDialog>
  );
}

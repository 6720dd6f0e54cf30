/**
 * Create and edit a list (spec §5: name required 'List name is required', description optional),
 * with the spec's toasts: 'List created' / 'List updated', or 'Failed to … list' 'Please try again.'.
 */
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useSWRConfig } from 'swr';
import { ListFormSchema, type ContactList, type ListFormInput } from '@lp/contracts';
import { Dialog, dialogButton } from '../../../components/ui/dialog';
import { FormField, controlClass } from '../../../components/form/form-field';
import { toast } from '../../../components/toast/toast-store';
import { createList, updateList } from '../api/save-list';
import { LISTS_KEY } from '../api/list-lists';

type Props = { open: boolean; list?: ContactList; onClose: () => void };

export function ListFormDialog({ open, list, onClose }: Props) {
  const { mutate } = useSWRConfig();
  const editing = list !== undefined;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ListFormInput>({
    resolver: valibotResolver(ListFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    values: { name: list?.name ?? '', description: list?.description ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (list) await updateList(list.id, values);
      else await createList(values);
      toast({ title: editing ? 'List updated' : 'List created' });
      await Promise.all([mutate(LISTS_KEY), mutate('/api/marketing/stats')]);
      onClose();
    } catch {
      toast({
        title: editing ? 'Failed to update list' : 'Failed to create list',
        description: 'Please try again.',
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit List' : 'Create List'}
      footer={
        <>
          <button type="button" className={dialogButton.cancel} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="list-form" className={dialogButton.primary} disabled={isSubmitting}>
            {editing ? 'Save Changes' : 'Create List'}
          </button>
        </>
      }
    >
      <form id="list-form" noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField id="list-name" label="List name" required error={errors.name?.message}>
          {(p) => <input {...p} className={controlClass} {...register('name')} />}
        </FormField>
        <FormField id="list-description" label="Description" error={errors.description?.message}>
          {(p) => <textarea {...p} rows={3} className={controlClass} {...register('description')} />}
        </FormField>
      </form>
    </Dialog>
  );
}

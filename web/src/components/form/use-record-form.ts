/**
 * The add/edit form of a record with a unique field (a contact's e-mail, a list's name):
 * validated on submit and again on each change after. `onSubmit` clears the stale notice and
 * runs `save`; when the save is refused, a value another record has is shown on its field, a
 * record changed since it was opened (409) gives `stale` (the server's message, what was typed
 * kept), and any other failure the `failed` toast.
 */
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { toast, type ToastInput } from '../toast/toast-store';
import { ApiError } from '../../lib/api-request';
import { errorMessage, fieldError } from '../../lib/error-message';

type Options<V extends FieldValues> = {
  resolver: Resolver<V>;
  defaultValues: DefaultValues<V>;
  uniqueField: Path<V>;
  save: (values: V) => Promise<void>;
  failed: Omit<ToastInput, 'variant'>;
};

export function useRecordForm<V extends FieldValues>({
  resolver,
  defaultValues,
  uniqueField,
  save,
  failed,
}: Options<V>) {
  const [stale, setStale] = useState<string | null>(null);
  const form = useForm<V>({ resolver, mode: 'onSubmit', reValidateMode: 'onChange', defaultValues });
  const onSubmit = form.handleSubmit(async (values) => {
    setStale(null);
    try {
      await save(values);
    } catch (error) {
      const taken = fieldError(error, uniqueField);
      if (taken) return form.setError(uniqueField, { message: taken });
      if (error instanceof ApiError && error.status === 409) return setStale(errorMessage(error));
      toast({ ...failed, variant: 'destructive' });
    }
  });
  return { form, onSubmit, stale };
}

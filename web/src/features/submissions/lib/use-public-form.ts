/**
 * A public contact form's state: its six fields validated by the form's schema on submit (and
 * again on each change after), and the shared submit path (`useFormSubmission`), whose server
 * field errors are shown on their fields.
 */
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import type { SubmissionSource } from '@lp/contracts';
import { useFormSubmission } from './use-form-submission';

const FIELDS = ['firstName', 'lastName', 'phone', 'email', 'interest', 'message'] as const;

type Options<In extends FieldValues, Out> = {
  resolver: Resolver<In, unknown, Out>;
  defaultValues: DefaultValues<In>;
  source: SubmissionSource;
  topic?: string;
  lotNumber?: number;
};

export function usePublicForm<In extends FieldValues, Out>({
  resolver,
  defaultValues,
  ...submission
}: Options<In, Out>) {
  const form = useForm<In, unknown, Out>({ resolver, mode: 'onSubmit', reValidateMode: 'onChange', defaultValues });
  const sending = useFormSubmission({
    ...submission,
    onFieldErrors: (fields) => {
      for (const f of FIELDS)
        if (fields[f]?.[0]) form.setError(f as Path<In>, { type: 'server', message: fields[f][0] });
    },
  });
  return { form, ...sending };
}

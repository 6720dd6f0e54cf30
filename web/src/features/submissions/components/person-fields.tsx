/**
 * The four fields every public form asks for — first and last name, phone, e-mail — with their
 * autocomplete tokens and input modes, so each form states them once; and with the interest and
 * message fields, all the fields of the two contact forms.
 */
import type { FieldErrors, FieldValues, Path, UseFormRegister, UseFormReturn } from 'react-hook-form';
import { SelectInput, TextArea, TextInput } from '../../../components/form/form-controls';

type Name = 'firstName' | 'lastName' | 'phone' | 'email';

export function PersonFields<T extends FieldValues>({
  id,
  register,
  errors,
}: {
  id: (name: Name) => string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const field = (name: Name) => ({
    id: id(name),
    registration: register(name as Path<T>),
    error: (errors[name] as { message?: string } | undefined)?.message,
  });
  return (
    <>
      <TextInput {...field('firstName')} label="First name" required autoComplete="given-name" />
      <TextInput {...field('lastName')} label="Last name" required autoComplete="family-name" />
      <TextInput {...field('phone')} type="tel" inputMode="tel" label="Phone" required autoComplete="tel" />
      <TextInput {...field('email')} type="email" inputMode="email" label="Email" required autoComplete="email" />
    </>
  );
}

/** Every field of a public contact form: the person's four, then "I'm interested in" and "Message", each full width. */
export function ContactFields<T extends FieldValues>({
  id,
  form,
  interests,
  placeholder,
  required,
}: {
  id: (name: Name | 'interest' | 'message') => string;
  form: UseFormReturn<T>;
  interests: ReadonlyArray<{ value: string; label: string }>;
  placeholder: string;
  required?: boolean;
}) {
  const { register } = form;
  const { errors } = form.formState;
  const error = (name: 'interest' | 'message') => (errors[name] as { message?: string } | undefined)?.message;
  return (
    <>
      <PersonFields id={id} register={register} errors={errors} />
      <SelectInput
        id={id('interest')}
        label="I'm interested in"
        required={required}
        placeholder={placeholder}
        options={interests}
        className="sm:col-span-2"
        error={error('interest')}
        registration={register('interest' as Path<T>)}
      />
      <TextArea
        id={id('message')}
        label="Message"
        required={required}
        className="sm:col-span-2"
        error={error('message')}
        registration={register('message' as Path<T>)}
      />
    </>
  );
}

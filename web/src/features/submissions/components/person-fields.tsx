/**
 * The four fields every public form asks for — first and last name, phone, e-mail — with their
 * autocomplete tokens and input modes, so each form states them once; and the interest and
 * message fields the two contact forms end with.
 */
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
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

/** "I'm interested in" and "Message", each the full width of the form. */
export function InterestAndMessageFields<T extends FieldValues>({
  id,
  register,
  errors,
  interests,
  placeholder,
  required,
}: {
  id: (name: 'interest' | 'message') => string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  interests: ReadonlyArray<{ value: string; label: string }>;
  placeholder: string;
  required?: boolean;
}) {
  const error = (name: 'interest' | 'message') => (errors[name] as { message?: string } | undefined)?.message;
  return (
    <>
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

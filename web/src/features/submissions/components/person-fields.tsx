/**
 * The four fields every public form asks for — first and last name, phone, e-mail — with their
 * autocomplete tokens and input modes, so each form states them once.
 */
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { TextInput } from '../../../components/form/form-controls';

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

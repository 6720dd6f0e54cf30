/**
 * A labelled field of the dashboard's forms: visible label, optional hint, the error tied to the
 * control with aria-describedby and announced (role="alert"), aria-invalid while it is flagged.
 * `children` receives the control's props; `controlClass` styles the control. The hint sits
 * between label and control, or under the control with `hintBelow` (a long hint in a row of
 * fields, which would otherwise push its control out of line with its neighbours').
 */
import type { ReactNode } from 'react';

type ControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; 'aria-required'?: true };

type Props = {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  hintBelow?: boolean;
  children: (control: ControlProps) => ReactNode;
};

export const controlClass =
  'mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-lake-600 aria-[invalid=true]:border-red-700';

export function FormField({ id, label, hint, error, required, hintBelow, children }: Props) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <FieldLabel id={id} label={label} required={required} />
      {hint && !hintBelow && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-stone-600">
          {hint}
        </p>
      )}
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(required ? { 'aria-required': true as const } : {}),
      })}
      {hint && hintBelow && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A field's visible label; a required one ends in a red asterisk hidden from screen readers (the control says it). */
export function FieldLabel({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={id} className="block text-sm font-medium text-stone-800">
      {label}
      {required && (
        <span aria-hidden="true" className="text-red-700">
          {' '}
          *
        </span>
      )}
    </label>
  );
}

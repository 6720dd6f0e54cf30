/**
 * Labelled form controls: a visible label, the error beside the field tied with
 * aria-describedby, and aria-invalid once validation has flagged the field.
 */
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldLabel, controlClass as control } from './form-field';

type Common = {
  id: string;
  label: string;
  error?: string;
  required?: boolean;
  registration: UseFormRegisterReturn;
  className?: string;
};

function Shell({
  id,
  label,
  error,
  required,
  className,
  children,
}: Omit<Common, 'registration'> & { children: ReactNode }) {
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} required={required} />
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const aria = (id: string, error?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

type InputProps = Common & {
  type?: 'text' | 'email' | 'tel';
  autoComplete: string;
  inputMode?: 'tel' | 'email' | 'text';
};

export function TextInput({ type = 'text', autoComplete, inputMode, registration, ...shell }: InputProps) {
  return (
    <Shell {...shell}>
      <input
        id={shell.id}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-required={shell.required}
        className={control}
        {...aria(shell.id, shell.error)}
        {...registration}
      />
    </Shell>
  );
}

type SelectProps = Common & { options: ReadonlyArray<{ value: string; label: string }>; placeholder: string };

export function SelectInput({ options, placeholder, registration, ...shell }: SelectProps) {
  return (
    <Shell {...shell}>
      <select
        id={shell.id}
        aria-required={shell.required}
        className={control}
        {...aria(shell.id, shell.error)}
        {...registration}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

export function TextArea({ registration, ...shell }: Common) {
  return (
    <Shell {...shell}>
      <textarea
        id={shell.id}
        rows={4}
        aria-required={shell.required}
        className={control}
        {...aria(shell.id, shell.error)}
        {...registration}
      />
    </Shell>
  );
}

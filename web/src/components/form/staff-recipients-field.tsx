/**
 * A picker of who is mailed (the weekly report, the staff alert of a new lead, a journey's staff
 * alert): a checkbox per staff account and, once chosen, the address it is mailed at (the
 * username when it is one); with `others`, typed addresses too, added and removed. The value is
 * the array of `{ staffId, email }`: `StaffRecipientsInput` takes it with its messages as props
 * (forms kept in state); `StaffRecipientsField` edits it at `name` of the surrounding
 * react-hook-form.
 */
import { get, useController, useFormContext, type FieldValues } from 'react-hook-form';
import { controlClass } from './form-field';
import { button } from '../ui/styles';

export type StaffRecipient = { staffId: number | null; email: string };
/** An account that can be chosen; `note` says why one should be taken off (disabled, removed). */
export type StaffRecipientChoice = { id: number; username: string; note?: string };

type InputProps = {
  value: readonly StaffRecipient[];
  onChange: (next: StaffRecipient[]) => void;
  idPrefix: string;
  choices: readonly StaffRecipientChoice[];
  others?: boolean;
  /** The message of recipient `i` (its address or account), if any. */
  errorOf?: (i: number) => string | undefined;
  /** A message about the whole list ("Choose who gets the alert"). */
  error?: string;
};

export function StaffRecipientsInput({
  value,
  onChange,
  idPrefix,
  choices,
  others = false,
  errorOf,
  error,
}: InputProps) {
  const add = (r: StaffRecipient) => onChange([...value, r]);
  const remove = (i: number) => onChange(value.filter((_, j) => j !== i));
  const setEmail = (i: number, email: string) => onChange(value.map((r, j) => (j === i ? { ...r, email } : r)));
  const emailInput = (i: number, key: string, label: string) => {
    const id = `${idPrefix}-email-${key}`;
    const message = errorOf?.(i);
    return (
      <div>
        <input
          id={id}
          type="email"
          aria-label={label}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          placeholder="name@example.com"
          className={`${controlClass} mt-0`}
          value={value[i]!.email}
          onChange={(e) => setEmail(i, e.target.value)}
        />
        {message && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {message}
          </p>
        )}
      </div>
    );
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium text-stone-900">Recipients</legend>
      {choices.map((a) => {
        const i = value.findIndex((f) => f.staffId === a.id);
        return (
          <div key={a.id} className="grid gap-1 sm:grid-cols-[12rem_1fr] sm:items-center">
            <label className="flex items-center gap-2 text-sm text-stone-900">
              <input
                type="checkbox"
                className="size-4"
                checked={i >= 0}
                onChange={(e) =>
                  e.target.checked
                    ? add({ staffId: a.id, email: a.username.includes('@') ? a.username : '' })
                    : remove(i)
                }
              />
              {a.username}
              {a.note && <span className="text-xs text-amber-800">({a.note})</span>}
            </label>
            {i >= 0 && emailInput(i, `staff-${a.id}`, `Email for ${a.username}`)}
          </div>
        );
      })}
      {others &&
        value.map((f, i) =>
          f.staffId === null ? (
            <div key={`other-${i}`} className="grid gap-1 sm:grid-cols-[1fr_auto] sm:items-start">
              {emailInput(i, `other-${i}`, `Other address ${i + 1}`)}
              <button type="button" className={button.secondary} onClick={() => remove(i)}>
                Remove
              </button>
            </div>
          ) : null,
        )}
      {others && (
        <div>
          <button type="button" className={button.secondary} onClick={() => add({ staffId: null, email: '' })}>
            Add an address
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

type Message = { message?: string } | undefined;
type RecipientErrors = ({ email?: Message; staffId?: Message } | undefined)[] & { message?: string };

export function StaffRecipientsField({
  name,
  idPrefix,
  choices,
  others = false,
}: {
  name: string;
  idPrefix: string;
  choices: readonly StaffRecipientChoice[];
  others?: boolean;
}) {
  const { control, formState } = useFormContext<FieldValues>();
  const { field } = useController<FieldValues>({ control, name });
  const errors = get(formState.errors, name) as RecipientErrors | undefined;
  return (
    <StaffRecipientsInput
      value={(field.value as StaffRecipient[] | undefined) ?? []}
      onChange={field.onChange}
      idPrefix={idPrefix}
      choices={choices}
      others={others}
      errorOf={(i) => errors?.[i]?.email?.message ?? errors?.[i]?.staffId?.message}
      error={errors?.message}
    />
  );
}

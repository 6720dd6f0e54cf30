/**
 * A picker of who is mailed (the weekly report, the staff alert of a new lead): a checkbox per
 * staff account and, once chosen, the address it is mailed at (the username when it is one);
 * with `others`, typed addresses too, added and removed. It edits the array of
 * `{ staffId, email }` at `name` of the surrounding react-hook-form.
 */
import { get, useFieldArray, useFormContext, type FieldValues } from 'react-hook-form';
import { controlClass } from './form-field';
import { button } from '../ui/styles';

export type StaffRecipient = { staffId: number | null; email: string };
/** An account that can be chosen; `note` says why one should be taken off (disabled, removed). */
export type StaffRecipientChoice = { id: number; username: string; note?: string };

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
  const { control, register, formState } = useFormContext<FieldValues>();
  const { fields: raw, append, remove } = useFieldArray<FieldValues>({ control, name });
  const fields = raw as (StaffRecipient & { id: string })[];
  const errors = get(formState.errors, name) as RecipientErrors | undefined;
  const errorOf = (i: number) => errors?.[i]?.email?.message ?? errors?.[i]?.staffId?.message;
  const add = (r: StaffRecipient) => append(r);
  const emailInput = (i: number, label: string) => {
    const id = `${idPrefix}-email-${fields[i]!.id}`;
    const error = errorOf(i);
    return (
      <div>
        <input
          id={id}
          type="email"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          placeholder="name@example.com"
          className={`${controlClass} mt-0`}
          {...register(`${name}.${i}.email`)}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium text-stone-900">Recipients</legend>
      {choices.map((a) => {
        const i = fields.findIndex((f) => f.staffId === a.id);
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
            {i >= 0 && emailInput(i, `Email for ${a.username}`)}
          </div>
        );
      })}
      {others &&
        fields.map((f, i) =>
          f.staffId === null ? (
            <div key={f.id} className="grid gap-1 sm:grid-cols-[1fr_auto] sm:items-start">
              {emailInput(i, `Other address ${i + 1}`)}
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
      {errors?.message && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.message}
        </p>
      )}
    </fieldset>
  );
}

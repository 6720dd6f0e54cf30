/**
 * The staff alert's recipients: a checkbox per enabled staff account and, once chosen, the
 * address it is mailed at (the username when it is one); then typed addresses, added and removed.
 */
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { LeadReplySettingsForm, LeadReplySettingsView } from '@lp/contracts';
import { controlClass } from '../../../components/form/form-field';
import { button } from '../../../components/ui/styles';

export function LeadAlertRecipients({ view }: { view: LeadReplySettingsView }) {
  const { control, register, formState } = useFormContext<LeadReplySettingsForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'alert.recipients' });
  const errors = formState.errors.alert?.recipients;
  const accounts = view.accounts.filter((a) => !a.disabled);
  const errorOf = (i: number) => errors?.[i]?.email?.message ?? errors?.[i]?.staffId?.message;
  const emailInput = (i: number, label: string) => {
    const id = `lead-alert-email-${fields[i]!.id}`;
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
          {...register(`alert.recipients.${i}.email`)}
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
      {accounts.map((a) => {
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
                    ? append({ staffId: a.id, email: a.username.includes('@') ? a.username : '' })
                    : remove(i)
                }
              />
              {a.username}
            </label>
            {i >= 0 && emailInput(i, `Email for ${a.username}`)}
          </div>
        );
      })}
      {fields.map((f, i) =>
        f.staffId === null ? (
          <div key={f.id} className="grid gap-1 sm:grid-cols-[1fr_auto] sm:items-start">
            {emailInput(i, `Other address ${i + 1}`)}
            <button type="button" className={button.secondary} onClick={() => remove(i)}>
              Remove
            </button>
          </div>
        ) : null,
      )}
      <div>
        <button type="button" className={button.secondary} onClick={() => append({ staffId: null, email: '' })}>
          Add an address
        </button>
      </div>
      {errors?.message && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.message}
        </p>
      )}
    </fieldset>
  );
}

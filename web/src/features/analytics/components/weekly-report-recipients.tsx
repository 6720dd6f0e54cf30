/**
 * The weekly report's recipients: a checkbox per enabled staff account and, once chosen, the
 * address its report goes to (the username when it is one). A recipient whose account was
 * disabled or removed since is listed with a note, to be taken off.
 */
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { WeeklyReportForm, WeeklyReportView } from '@lp/contracts';
import { controlClass } from '../../../components/form/form-field';

export function WeeklyReportRecipients({ view }: { view: WeeklyReportView }) {
  const { control, register, formState } = useFormContext<WeeklyReportForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'recipients' });
  const errors = formState.errors.recipients;
  const gone = view.recipients.filter((r) => r.account !== 'active');
  const choices = [
    ...view.accounts.filter((a) => !a.disabled).map((a) => ({ id: a.id, username: a.username, note: '' })),
    ...gone.map((r) => ({ id: r.staffId, username: r.username, note: `account ${r.account}: take it off` })),
  ];
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium text-stone-900">Recipients</legend>
      {choices.map((a) => {
        const i = fields.findIndex((f) => f.staffId === a.id);
        const emailId = `weekly-report-email-${a.id}`;
        const error = i >= 0 ? (errors?.[i]?.email?.message ?? errors?.[i]?.staffId?.message) : undefined;
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
              {a.note && <span className="text-xs text-amber-800">({a.note})</span>}
            </label>
            {i >= 0 && (
              <div>
                <input
                  key={fields[i]!.id}
                  id={emailId}
                  type="email"
                  aria-label={`Email for ${a.username}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${emailId}-error` : undefined}
                  placeholder="name@example.com"
                  className={`${controlClass} mt-0`}
                  {...register(`recipients.${i}.email`)}
                />
                {error && (
                  <p id={`${emailId}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
                    {error}
                  </p>
                )}
              </div>
            )}
          </div>
        );
      })}
      {errors?.message && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.message}
        </p>
      )}
    </fieldset>
  );
}

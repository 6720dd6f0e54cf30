/**
 * "A/B test the subject" in the email editor: switched on, variant B's subject (and, optionally,
 * its own content), each variant's share of the audience, how the winner is picked and after how
 * long. Each field shows its own message; the rest of the audience is sent the winner.
 */
import { get, type UseFormReturn } from 'react-hook-form';
import { AB_MAX_SHARE, AB_MIN_SHARE } from '@lp/contracts/ab-tests';
import { FormField, controlClass } from '../../../components/form/form-field';
import type { EmailForm } from '../lib/email-form';

export function AbTestFields({ form }: { form: UseFormReturn<EmailForm> }) {
  const { register, watch, formState } = form;
  const on = watch('abTest.enabled');
  const share = Number(watch('abTest.testShare'));
  const error = (path: string) => (get(formState.errors, path) as { message?: string } | undefined)?.message;
  return (
    <fieldset className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-stone-200">
      <legend className="sr-only">A/B test</legend>
      <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
        <input type="checkbox" {...register('abTest.enabled')} />
        A/B test the subject
      </label>
      {on && (
        <>
          {error('abTest') && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error('abTest')}
            </p>
          )}
          <FormField id="ab-subject-b" label="Variant B subject" required error={error('abTest.variantB.subject')}>
            {(c) => <input {...c} {...register('abTest.variantB.subject')} className={controlClass} />}
          </FormField>
          <FormField
            id="ab-content-b"
            label="Variant B content (HTML)"
            hint="Leave empty to send variant A's content with B's subject."
            error={error('abTest.variantB.content')}
          >
            {(c) => (
              <textarea
                {...c}
                rows={4}
                {...register('abTest.variantB.content')}
                className={`${controlClass} font-mono text-sm`}
              />
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField
              id="ab-share"
              label="Share for each variant (%)"
              required
              hint={
                share >= AB_MIN_SHARE && share <= AB_MAX_SHARE
                  ? `A to ${share} %, B to ${share} %, the winner to the other ${100 - 2 * share} %.`
                  : undefined
              }
              hintBelow
              error={error('abTest.testShare')}
            >
              {(c) => (
                <input
                  {...c}
                  type="number"
                  min={AB_MIN_SHARE}
                  max={AB_MAX_SHARE}
                  {...register('abTest.testShare', { valueAsNumber: true })}
                  className={controlClass}
                />
              )}
            </FormField>
            <FormField id="ab-winner-by" label="Pick the winner by" required error={error('abTest.winnerBy')}>
              {(c) => (
                <select {...c} {...register('abTest.winnerBy')} className={controlClass}>
                  <option value="opens">Unique opens</option>
                  <option value="clicks">Unique clicks</option>
                  <option value="manual">By hand</option>
                </select>
              )}
            </FormField>
            <FormField
              id="ab-decide-after"
              label="Decide after (hours)"
              required
              error={error('abTest.decideAfterHours')}
            >
              {(c) => (
                <input
                  {...c}
                  type="number"
                  min={1}
                  {...register('abTest.decideAfterHours', { valueAsNumber: true })}
                  className={controlClass}
                />
              )}
            </FormField>
          </div>
        </>
      )}
    </fieldset>
  );
}

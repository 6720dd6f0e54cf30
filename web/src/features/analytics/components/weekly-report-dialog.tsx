/**
 * The weekly e-mail report's settings: on or off, the weekday and hour it goes out (the site's
 * time zone), the staff accounts it goes to with the address of each, the latest report sent,
 * and a test copy now. Owners change it; other staff read it (and may send themselves a test).
 * A field the server refuses is shown on that field; 'Weekly report saved' as a toast.
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { useSWRConfig } from 'swr';
import { WEEKDAY_NAMES, WeeklyReportFormSchema, type WeeklyReportForm, type WeeklyReportView } from '@lp/contracts';
import { FormField, controlClass } from '../../../components/form/form-field';
import { toast } from '../../../components/toast/toast-store';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../../lib/error-message';
import { WEEKLY_REPORT_KEY, saveWeeklyReport, useWeeklyReport } from '../api/weekly-report';
import { hourLabel } from '../lib/weekly-report-schedule';
import { LastWeeklyReport } from './last-weekly-report';
import { WeeklyReportRecipients } from './weekly-report-recipients';
import { WeeklyReportTestSend } from './weekly-report-test-send';

const FORM_ID = 'weekly-report-form';

export function WeeklyReportDialog({ onClose }: { onClose: () => void }) {
  const { data, error, mutate } = useWeeklyReport();
  if (data) return <WeeklyReportSettings key={data.updatedAt ?? 'never'} view={data} onClose={onClose} />;
  return (
    <Dialog open title="Weekly report" onClose={onClose} footer={<DialogActions onCancel={onClose} />}>
      {error ? (
        <ErrorState message="The weekly report's settings could not be loaded." onRetry={() => void mutate()} />
      ) : (
        <Spinner label="Loading the weekly report" />
      )}
    </Dialog>
  );
}

function WeeklyReportSettings({ view, onClose }: { view: WeeklyReportView; onClose: () => void }) {
  const { mutate } = useSWRConfig();
  const form = useForm<WeeklyReportForm>({
    resolver: valibotResolver(WeeklyReportFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      enabled: view.enabled,
      weekday: view.weekday,
      hour: view.hour,
      recipients: view.recipients.map(({ staffId, email }) => ({ staffId, email })),
    },
  });
  const { register, formState } = form;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await saveWeeklyReport(values);
      toast({ title: 'Weekly report saved' });
      await mutate(WEEKLY_REPORT_KEY);
      onClose();
    } catch (err) {
      const fields = Object.entries(fieldErrors(err));
      if (fields.length > 0)
        for (const [name, message] of fields) form.setError(name as Path<WeeklyReportForm>, { message });
      else toast({ title: 'Failed to save the weekly report', description: errorMessage(err), variant: 'destructive' });
    }
  });
  return (
    <Dialog
      open
      title="Weekly report"
      description="Visits, leads, top sources and lots of the last 7 days against the week before, by e-mail."
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          action={view.canEdit ? { label: 'Save', form: FORM_ID, disabled: formState.isSubmitting } : undefined}
        />
      }
    >
      <FormProvider {...form}>
        <form id={FORM_ID} noValidate onSubmit={onSubmit} className="grid gap-4">
          {!view.canEdit && <p className="text-sm text-stone-700">Only an owner can change the weekly report.</p>}
          <fieldset disabled={!view.canEdit} className="grid gap-4">
            <label className="flex items-center gap-2 text-sm font-medium text-stone-900">
              <input type="checkbox" className="size-4" {...register('enabled')} />
              Send the weekly report
            </label>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="weekly-report-weekday" label="Weekday" error={formState.errors.weekday?.message}>
                {(p) => (
                  <select {...p} className={controlClass} {...register('weekday', { valueAsNumber: true })}>
                    {WEEKDAY_NAMES.map((name, i) => (
                      <option key={name} value={i + 1}>
                        {name}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField
                id="weekly-report-hour"
                label="Hour"
                hint={`In the site's time zone, ${view.timeZone}`}
                hintBelow
                error={formState.errors.hour?.message}
              >
                {(p) => (
                  <select {...p} className={controlClass} {...register('hour', { valueAsNumber: true })}>
                    {Array.from({ length: 24 }, (_, h) => (
                      <option key={h} value={h}>
                        {hourLabel(h)}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            </div>
            <WeeklyReportRecipients view={view} />
          </fieldset>
        </form>
      </FormProvider>
      <LastWeeklyReport report={view.lastReport} />
      <WeeklyReportTestSend />
    </Dialog>
  );
}

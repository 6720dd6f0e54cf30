/**
 * What is sent on every new lead: per interest, whether an instant reply goes to the visitor and
 * from which template; and the staff alert: on or off, to every recipient or one in turn, the
 * recipients chosen among the staff accounts or typed. Owners change it; other staff read it. A
 * field the server refuses is shown on that field; 'Lead replies saved' as a toast.
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { useSWRConfig } from 'swr';
import {
  LEAD_INTERESTS,
  LEAD_INTEREST_LEADS,
  LEAD_MERGE_TAGS,
  LeadReplySettingsFormSchema,
  type LeadReplySettingsForm,
  type LeadReplySettingsView,
  type Template,
} from '@lp/contracts';
import { FormField, controlClass } from '../../../components/form/form-field';
import { toast } from '../../../components/toast/toast-store';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../../lib/error-message';
import {
  LEAD_REPLIES_KEY,
  saveLeadReplySettings,
  useLeadReplySettings,
  useReplyTemplates,
} from '../api/lead-reply-settings';
import { LeadAlertRecipients } from './lead-alert-recipients';

const FORM_ID = 'lead-replies-form';
const TITLE = 'Lead replies and alerts';

export function LeadRepliesDialog({ onClose }: { onClose: () => void }) {
  const { data, error, mutate } = useLeadReplySettings();
  // The template pickers open on the stored choice only once the templates are there.
  const templates = useReplyTemplates();
  if (data && templates.data)
    return (
      <LeadRepliesSettings key={data.updatedAt ?? 'never'} view={data} templates={templates.data} onClose={onClose} />
    );
  return (
    <Dialog open title={TITLE} onClose={onClose} footer={<DialogActions onCancel={onClose} />}>
      {error || templates.error ? (
        <ErrorState
          message="The lead replies' settings could not be loaded."
          onRetry={() => void Promise.all([mutate(), templates.mutate()])}
        />
      ) : (
        <Spinner label="Loading the lead replies" />
      )}
    </Dialog>
  );
}

function LeadRepliesSettings({
  view,
  templates,
  onClose,
}: {
  view: LeadReplySettingsView;
  templates: Template[];
  onClose: () => void;
}) {
  const { mutate } = useSWRConfig();
  const form = useForm<LeadReplySettingsForm>({
    resolver: valibotResolver(LeadReplySettingsFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      replies: view.replies,
      alert: {
        enabled: view.alert.enabled,
        mode: view.alert.mode,
        recipients: view.alert.recipients.map(({ staffId, email }) => ({ staffId, email })),
      },
    },
  });
  const { register, formState } = form;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await saveLeadReplySettings(values);
      toast({ title: 'Lead replies saved' });
      await mutate(LEAD_REPLIES_KEY);
      onClose();
    } catch (err) {
      const fields = Object.entries(fieldErrors(err));
      if (fields.length > 0)
        for (const [name, message] of fields) form.setError(name as Path<LeadReplySettingsForm>, { message });
      else toast({ title: 'Failed to save the lead replies', description: errorMessage(err), variant: 'destructive' });
    }
  });
  return (
    <Dialog
      open
      title={TITLE}
      description="On every form submission: an instant reply to the visitor, and an alert to staff. Each is sent once per submission."
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
          {!view.canEdit && <p className="text-sm text-stone-700">Only an owner can change the lead replies.</p>}
          <fieldset disabled={!view.canEdit} className="grid gap-3">
            <legend className="text-sm font-medium text-stone-900">Instant reply, by interest</legend>
            <p className="text-sm text-stone-700">
              A reply's template may use{' '}
              {Object.keys(LEAD_MERGE_TAGS)
                .map((t) => `{{${t}}}`)
                .join(', ')}
              , filled from the form and the lot it names. It is not sent to an unsubscribed or bounced address.
            </p>
            {LEAD_INTERESTS.map((interest) => (
              <div key={interest} className="grid gap-1 sm:grid-cols-[12rem_1fr] sm:items-start">
                <label className="flex items-center gap-2 text-sm text-stone-900">
                  <input type="checkbox" className="size-4" {...register(`replies.${interest}.enabled`)} />
                  Reply to {LEAD_INTEREST_LEADS[interest]}
                </label>
                <FormField
                  id={`lead-reply-template-${interest}`}
                  label={`Template for ${LEAD_INTEREST_LEADS[interest]}`}
                  error={formState.errors.replies?.[interest]?.templateId?.message}
                >
                  {(p) => (
                    <select
                      {...p}
                      className={controlClass}
                      {...register(`replies.${interest}.templateId`, {
                        setValueAs: (v: string | number | null) => (v === '' || v === null ? null : Number(v)),
                      })}
                    >
                      <option value="">No template</option>
                      {templates.map((t) => (
                        <option key={t.id} value={t.id}>
                          {t.name}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
              </div>
            ))}
          </fieldset>
          <fieldset disabled={!view.canEdit} className="grid gap-3">
            <legend className="text-sm font-medium text-stone-900">Staff alert</legend>
            <label className="flex items-center gap-2 text-sm text-stone-900">
              <input type="checkbox" className="size-4" {...register('alert.enabled')} />
              Alert staff of every new lead
            </label>
            <FormField id="lead-alert-mode" label="Who is alerted" error={formState.errors.alert?.mode?.message}>
              {(p) => (
                <select {...p} className={controlClass} {...register('alert.mode')}>
                  <option value="all">Every recipient</option>
                  <option value="round_robin">One recipient in turn (round robin)</option>
                </select>
              )}
            </FormField>
            <LeadAlertRecipients view={view} />
          </fieldset>
        </form>
      </FormProvider>
    </Dialog>
  );
}

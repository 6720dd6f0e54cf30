/**
 * "Send to those who did not open…" on a completed campaign: who (did not open, or did not
 * click), the new subject (the first one's, to change), and when (now, or after a wait of up to
 * a week, during which anyone who opens the first message is left out). Sent as a new campaign
 * linked to the first; the page moves to it. A campaign not done sending (409) says so above the
 * form; other failures are a toast.
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { mutate } from 'swr';
import {
  CampaignFollowUpFormSchema,
  type CampaignFollowUpForm,
  type CampaignFollowUpFormInput,
} from '@lp/contracts/email';
import { FormField, controlClass } from '../../../components/form/form-field';
import { toast } from '../../../components/toast/toast-store';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-request';
import { errorMessage, fieldError } from '../../../lib/error-message';
import { CAMPAIGNS_KEY, followUpCampaign } from '../api/campaigns';

const WAITS = [
  { hours: 0, label: 'Now' },
  { hours: 24, label: 'In 1 day' },
  { hours: 48, label: 'In 2 days' },
  { hours: 72, label: 'In 3 days' },
  { hours: 168, label: 'In a week' },
] as const;

export function FollowUpDialog({ id, subject, onClose }: { id: number; subject: string; onClose: () => void }) {
  const navigate = useNavigate();
  const [refused, setRefused] = useState<string | null>(null);
  const form = useForm<CampaignFollowUpFormInput, unknown, CampaignFollowUpForm>({
    resolver: valibotResolver(CampaignFollowUpFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { who: 'not_opened', subject, delayHours: 24 },
  });
  const { register } = form;
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setRefused(null);
    try {
      const accepted = await followUpCampaign(id, values);
      toast({ title: values.delayHours > 0 ? 'Follow-up scheduled' : 'Follow-up sending' });
      await mutate(CAMPAIGNS_KEY);
      onClose();
      navigate(`/marketing/campaigns/${accepted.campaignId}`);
    } catch (error) {
      for (const field of ['who', 'subject', 'delayHours'] as const) {
        const message = fieldError(error, field);
        if (message) form.setError(field, { message });
      }
      if (error instanceof ApiError && error.status === 409) return setRefused(errorMessage(error));
      if (!(error instanceof ApiError && error.status === 400))
        toast({ title: 'Failed to send the follow-up', description: errorMessage(error), variant: 'destructive' });
    }
  });
  return (
    <FormDialog
      title="Send a follow-up"
      description="The same message as a new campaign, to those this one reached who did not act on it. Machine opens and link scanners do not count as opening or clicking."
      onClose={onClose}
      formId="follow-up-form"
      onSubmit={onSubmit}
      submitLabel="Send follow-up"
      pending={isSubmitting}
      notice={
        refused && (
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {refused}
          </p>
        )
      }
    >
      <FormField id="follow-up-who" label="Send to those who" error={errors.who?.message}>
        {(p) => (
          <select {...p} className={controlClass} {...register('who')}>
            <option value="not_opened">Did not open it</option>
            <option value="not_clicked">Did not click a link</option>
          </select>
        )}
      </FormField>
      <FormField id="follow-up-subject" label="Subject" required error={errors.subject?.message}>
        {(p) => <input {...p} className={controlClass} {...register('subject')} />}
      </FormField>
      <FormField
        id="follow-up-wait"
        label="Send"
        hint="Whoever opens (or clicks) the first message while the follow-up waits is left out."
        error={errors.delayHours?.message}
      >
        {(p) => (
          <select {...p} className={controlClass} {...register('delayHours', { valueAsNumber: true })}>
            {WAITS.map((w) => (
              <option key={w.hours} value={w.hours}>
                {w.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </FormDialog>
  );
}

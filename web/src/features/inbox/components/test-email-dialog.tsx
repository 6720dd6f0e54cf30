/**
 * The developer test helper (spec §2, in the filter menu): name, email, subject, message and a
 * client format (standard, gmail, outlook, randomFormat). The server builds a message as that
 * client writes one and sends it through the same inbound path as real mail.
 */
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { TEST_EMAIL_FORMATS, TestWebhookEmailSchema, type TestWebhookEmail } from '@lp/contracts';
import { toast } from '../../../components/toast/toast-store';
import { sendTestEmail } from '../api/send-test-email';
import { errorMessage } from '../../../lib/error-message';
import { FormDialog } from '../../../components/ui/form-dialog';

const control =
  'mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-lake-600 aria-[invalid=true]:border-red-700';

const FORMAT_LABELS: Record<(typeof TEST_EMAIL_FORMATS)[number], string> = {
  standard: 'Standard (plain text)',
  gmail: 'Gmail',
  outlook: 'Outlook',
  randomFormat: 'Random format',
};

const DEFAULTS: TestWebhookEmail = {
  name: 'Test Buyer',
  email: 'test.buyer@example.com',
  subject: 'Question about a lot',
  text: 'Hello,\n\nIs the lot near the marina still available?\n\nThanks',
  emailFormat: 'standard',
};

type Props = { open: boolean; onClose: () => void; onSent: () => void };

export function TestEmailDialog({ open, onClose, onSent }: Props) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TestWebhookEmail>({
    resolver: valibotResolver(TestWebhookEmailSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: DEFAULTS,
  });

  const submit = handleSubmit(async (values) => {
    try {
      await sendTestEmail(values);
      toast({ title: 'Test email sent', description: 'It will appear in the inbox in a moment' });
      onSent();
      onClose();
    } catch (error) {
      toast({ title: 'Failed to send test email', description: errorMessage(error), variant: 'destructive' });
    }
  });

  const field = (name: keyof TestWebhookEmail, label: string, input: (id: string, invalid: boolean) => ReactNode) => {
    const id = `test-email-${name}-${uid}`;
    const message = errors[name]?.message;
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-stone-800">
          {label}
        </label>
        {input(id, Boolean(message))}
        {message && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {message}
          </p>
        )}
      </div>
    );
  };
  const aria = (id: string, invalid: boolean) =>
    invalid ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Send a test email"
      formId="test-email-form"
      onSubmit={submit}
      submitLabel={isSubmitting ? 'Sending...' : 'Send test email'}
      pending={isSubmitting}
      formClassName="space-y-3"
    >
      <p className="text-sm text-stone-600">
        Builds a message as the chosen mail client writes one and delivers it to this inbox.
      </p>
      {field('name', 'Sender name', (id, bad) => (
        <input id={id} className={control} {...aria(id, bad)} {...register('name')} />
      ))}
      {field('email', 'Sender email', (id, bad) => (
        <input id={id} type="email" className={control} {...aria(id, bad)} {...register('email')} />
      ))}
      {field('subject', 'Subject', (id, bad) => (
        <input id={id} className={control} {...aria(id, bad)} {...register('subject')} />
      ))}
      {field('text', 'Message', (id, bad) => (
        <textarea id={id} rows={4} className={control} {...aria(id, bad)} {...register('text')} />
      ))}
      {field('emailFormat', 'Format', (id, bad) => (
        <select id={id} className={control} {...aria(id, bad)} {...register('emailFormat')}>
          {TEST_EMAIL_FORMATS.map((f) => (
            <option key={f} value={f}>
              {FORMAT_LABELS[f]}
            </option>
          ))}
        </select>
      ))}
    </FormDialog>
  );
}

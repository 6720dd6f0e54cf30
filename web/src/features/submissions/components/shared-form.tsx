/**
 * The shared form of the home, market, investment and builder pages: first and last name,
 * phone and e-mail required; interest and message optional. idle → 'Sending...' → submitted
 * (button disabled, green thank-you). On failure the form stays editable.
 */
import { useId } from 'react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { SHARED_FORM_INTERESTS, SharedFormSchema, type SubmissionSource } from '@lp/contracts';
import { button } from '../../../components/ui/styles';
import { usePublicForm } from '../lib/use-public-form';
import { SUBMISSION_MESSAGES } from '../lib/submission-messages';
import { HoneypotField } from './honeypot-field';
import { ContactFields } from './person-fields';

export type SharedFormProps = {
  source: Exclude<SubmissionSource, 'contact-page'>;
  defaultInterest?: string;
  /** A message to start from (a lot's page names the lot). */
  defaultMessage?: string;
  topic?: string;
  /** The lot the visitor asks about; sent with the submission. */
  lotNumber?: number;
};

const INTERESTS = SHARED_FORM_INTERESTS.map((i) => ({ value: i, label: i }));

export default function SharedForm({
  source,
  defaultInterest = '',
  defaultMessage = '',
  topic,
  lotNumber,
}: SharedFormProps) {
  const uid = useId();
  const { form, status, submit, honeypotRef } = usePublicForm({
    resolver: valibotResolver(SharedFormSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      phone: '',
      email: '',
      interest: defaultInterest,
      message: defaultMessage,
    },
    source,
    topic,
    lotNumber,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    if (await submit(values)) form.reset({ ...values, firstName: '', lastName: '', phone: '', email: '', message: '' });
  });
  const id = (name: string) => `${source}-${name}-${uid}`;

  return (
    <form onSubmit={onSubmit} noValidate className="relative grid gap-5 sm:grid-cols-2" aria-label="Contact form">
      <ContactFields id={id} form={form} interests={INTERESTS} placeholder="Select an option" />
      <HoneypotField id={id('website')} inputRef={honeypotRef} />
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center">
        <button type="submit" className={button.primary} disabled={status !== 'idle'}>
          {status === 'submitting' ? 'Sending...' : status === 'submitted' ? 'Message Sent' : 'Send Message'}
        </button>
        <p role="status" className="text-sm font-medium text-green-800">
          {status === 'submitted' ? SUBMISSION_MESSAGES[source].success.description : ''}
        </p>
      </div>
    </form>
  );
}

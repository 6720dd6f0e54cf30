/**
 * The contact page's form: six required fields (spec §5). On success the fields reset and a
 * thank-you panel replaces the form until 'Send another message'.
 */
import { useEffect, useId, useRef } from 'react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { CONTACT_PAGE_INTERESTS, ContactPageFormSchema, type ContactPageFormValues } from '@lp/contracts';
import { button } from '../../../components/ui/styles';
import { usePublicForm } from '../lib/use-public-form';
import { HoneypotField } from './honeypot-field';
import { ContactFields } from './person-fields';

const EMPTY: ContactPageFormValues = { firstName: '', lastName: '', phone: '', email: '', interest: '', message: '' };
const INTERESTS = Object.entries(CONTACT_PAGE_INTERESTS).map(([value, label]) => ({ value, label }));

export function ContactPageForm() {
  const uid = useId();
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const { form, status, setStatus, submit, honeypotRef } = usePublicForm({
    resolver: valibotResolver(ContactPageFormSchema),
    defaultValues: EMPTY,
    source: 'contact-page',
  });
  useEffect(() => {
    if (status === 'submitted') thanksRef.current?.focus();
  }, [status]);

  if (status === 'submitted') {
    return (
      <div className="rounded-xl bg-green-50 p-8 text-center ring-1 ring-green-200">
        <h2 ref={thanksRef} tabIndex={-1} className="text-2xl font-bold text-green-900">
          Thank you!
        </h2>
        <p className="mt-2 text-green-900">Your message has been sent. We'll be in touch soon.</p>
        <button type="button" onClick={() => setStatus('idle')} className={`${button.dark} mt-6`}>
          Send another message
        </button>
      </div>
    );
  }
  const id = (name: string) => `contact-${name}-${uid}`;
  const onSubmit = form.handleSubmit(async (values) => {
    if (await submit(values)) form.reset(EMPTY);
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="relative grid gap-5 sm:grid-cols-2"
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title" className="text-2xl font-bold text-lake-900 sm:col-span-2">
        Send us a message
      </h2>
      <ContactFields id={id} form={form} interests={INTERESTS} placeholder="Select an interest" required />
      <HoneypotField id={id('website')} inputRef={honeypotRef} />
      <div className="sm:col-span-2">
        <button type="submit" className={button.primary} disabled={status === 'submitting'}>
          {status === 'submitting' ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}

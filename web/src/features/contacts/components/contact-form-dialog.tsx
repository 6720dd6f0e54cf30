/**
 * Add Contact and Edit: the contact form in a dialog. A known e-mail (409) is shown on the
 * field; other failures give the spec's toast 'Failed to add contact. Please try again.'.
 */
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { CONTACT_STATUSES, type Contact } from '@lp/contracts';
import { Dialog, dialogButton } from '../../../components/ui/dialog';
import { FormField, controlClass } from '../../../components/form/form-field';
import { toast } from '../../../components/toast/toast-store';
import { ApiError } from '../../../lib/api-request';
import { createContact, updateContact } from '../api/save-contact';
import { ContactFormSchema, contactBody, contactFormValues, type ContactFormValues } from '../lib/contact-form';

type Props = { open: boolean; contact?: Contact; onClose: () => void; onSaved: () => void };

export function ContactFormDialog({ open, contact, onClose, onSaved }: Props) {
  const editing = contact !== undefined;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues>({
    resolver: valibotResolver(ContactFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    values: contactFormValues(contact),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (contact) await updateContact(contact.id, contactBody(values));
      else await createContact(contactBody(values));
      toast({ title: editing ? 'Contact updated' : 'Contact added successfully' });
      onSaved();
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setError('email', { message: error.envelope?.error.message ?? 'A contact with this email already exists' });
        return;
      }
      toast({
        title: editing ? 'Failed to update contact. Please try again.' : 'Failed to add contact. Please try again.',
        variant: 'destructive',
      });
    }
  });

  const text = (
    name: keyof ContactFormValues,
    label: string,
    type = 'text',
    autoComplete = 'off',
    required = false,
  ) => (
    <FormField id={`contact-${name}`} label={label} required={required} error={errors[name]?.message}>
      {(p) => <input {...p} type={type} autoComplete={autoComplete} className={controlClass} {...register(name)} />}
    </FormField>
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Contact' : 'Add Contact'}
      footer={
        <>
          <button type="button" className={dialogButton.cancel} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="contact-form" className={dialogButton.primary} disabled={isSubmitting}>
            {editing ? 'Save Changes' : 'Add Contact'}
          </button>
        </>
      }
    >
      <form id="contact-form" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">{text('email', 'Email', 'email', 'email', true)}</div>
        {text('firstName', 'First name', 'text', 'given-name')}
        {text('lastName', 'Last name', 'text', 'family-name')}
        {text('phone', 'Phone', 'tel', 'tel')}
        {editing ? (
          <FormField id="contact-status" label="Status">
            {(p) => (
              <select {...p} className={controlClass} {...register('status')}>
                {CONTACT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ) : (
          <span className="hidden sm:block" />
        )}
        <div className="sm:col-span-2">{text('address', 'Address', 'text', 'street-address')}</div>
        <div className="sm:col-span-2">
          <FormField id="contact-notes" label="Notes" error={errors.notes?.message}>
            {(p) => <textarea {...p} rows={3} className={controlClass} {...register('notes')} />}
          </FormField>
        </div>
      </form>
    </Dialog>
  );
}

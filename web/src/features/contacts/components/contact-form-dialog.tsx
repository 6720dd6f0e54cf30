/**
 * Add Contact and Edit: the contact form in a dialog. Each opening starts afresh: Add with an
 * empty form (nothing of the contact added before), Edit with the contact as stored now (read
 * when the dialog opens, not the table's copy) and its version, which the save sends: a contact
 * changed since is refused (409), the message shown and what was typed kept. A known e-mail
 * (409) is shown on the field; other failures give the spec's toast.
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import { CONTACT_STATUSES, type Contact } from '@lp/contracts';
import { FormDialog, RecordFormDialog } from '../../../components/ui/form-dialog';
import { FormField, controlClass } from '../../../components/form/form-field';
import { StaleCopyAlert } from '../../../components/ui/stale-copy-alert';
import { toast } from '../../../components/toast/toast-store';
import { useRecordForm } from '../../../components/form/use-record-form';
import { contactUrl, createContact, updateContact } from '../api/save-contact';
import {
  ContactFormSchema,
  contactBody,
  contactFormValues,
  contactUpdateBody,
  type ContactFormValues,
} from '../lib/contact-form';

type Props = { open: boolean; contactId?: number; onClose: () => void; onSaved: () => void };

export function ContactFormDialog({ open, contactId, onClose, onSaved }: Props) {
  return (
    <RecordFormDialog<Contact>
      open={open}
      url={contactId === undefined ? undefined : contactUrl(contactId)}
      title="Edit Contact"
      loadingLabel="Loading contact…"
      failedMessage="The contact could not be loaded. Please try again."
      onClose={onClose}
      form={(contact, onLoadStored) => (
        <ContactForm contact={contact} onClose={onClose} onSaved={onSaved} onLoadStored={onLoadStored} />
      )}
    />
  );
}

type FormProps = { contact?: Contact; onClose: () => void; onSaved: () => void; onLoadStored?: () => void };

function ContactForm({ contact, onClose, onSaved, onLoadStored }: FormProps) {
  const editing = contact !== undefined;
  const { form, onSubmit, stale } = useRecordForm<ContactFormValues>({
    resolver: valibotResolver(ContactFormSchema),
    defaultValues: contactFormValues(contact),
    uniqueField: 'email',
    save: async (values) => {
      if (contact) await updateContact(contact.id, contactUpdateBody(values, contact.version));
      else await createContact(contactBody(values));
      toast({ title: editing ? 'Contact updated' : 'Contact added successfully' });
      onSaved();
      onClose();
    },
    failed: {
      title: editing ? 'Failed to update contact. Please try again.' : 'Failed to add contact. Please try again.',
    },
  });
  const { register } = form;
  const { errors, isSubmitting } = form.formState;

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
    <FormDialog
      onClose={onClose}
      title={editing ? 'Edit Contact' : 'Add Contact'}
      formId="contact-form"
      onSubmit={onSubmit}
      submitLabel={editing ? 'Save Changes' : 'Add Contact'}
      pending={isSubmitting}
      formClassName="grid gap-4 sm:grid-cols-2"
      notice={stale && onLoadStored && <StaleCopyAlert message={stale} onLoadStored={onLoadStored} />}
    >
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
    </FormDialog>
  );
}

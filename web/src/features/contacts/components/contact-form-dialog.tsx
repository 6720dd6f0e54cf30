/**
 * Add Contact and Edit: the contact form in a dialog. Each opening starts afresh: Add with an
 * empty form (nothing of the contact added before), Edit with the contact as stored now (read
 * when the dialog opens, not the table's copy) and its version, which the save sends: a contact
 * changed since is refused (409), the message shown and what was typed kept. A known e-mail
 * (409) is shown on the field; other failures give the spec's toast. Tags are edited with the
 * tag input; each custom field with the input its type takes (text, a number, a date picker,
 * yes/no), checked before sending, and a value the server refuses is shown on its field.
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Controller, type UseFormRegisterReturn } from 'react-hook-form';
import { CONTACT_STATUSES, type Contact, type CustomField } from '@lp/contracts';
import { Spinner } from '../../../components/ui/spinner';
import { TagInput } from '../../../components/ui/tag-input';
import { ApiError } from '../../../lib/api-request';
import { useCustomFields } from '../api/custom-fields';
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
  customFieldsBody,
  type ContactFormValues,
} from '../lib/contact-form';

type Props = { open: boolean; contactId?: number; onClose: () => void; onSaved: () => void };

export function ContactFormDialog({ open, contactId, onClose, onSaved }: Props) {
  const custom = useCustomFields();
  // The form starts from the fields' definitions: it waits for them (none when they fail to load).
  const fields = custom.data ?? (custom.error ? [] : null);
  return (
    <RecordFormDialog<Contact>
      open={open}
      url={contactId === undefined ? undefined : contactUrl(contactId)}
      title="Edit Contact"
      loadingLabel="Loading contact…"
      failedMessage="The contact could not be loaded. Please try again."
      onClose={onClose}
      form={(contact, onLoadStored) =>
        fields === null ? (
          <Spinner label="Loading custom fields…" />
        ) : (
          <ContactForm
            contact={contact}
            fields={fields}
            onClose={onClose}
            onSaved={onSaved}
            onLoadStored={onLoadStored}
          />
        )
      }
    />
  );
}

type FormProps = {
  contact?: Contact;
  fields: readonly CustomField[];
  onClose: () => void;
  onSaved: () => void;
  onLoadStored?: () => void;
};

function ContactForm({ contact, fields, onClose, onSaved, onLoadStored }: FormProps) {
  const editing = contact !== undefined;
  const { form, onSubmit, stale } = useRecordForm<ContactFormValues>({
    resolver: valibotResolver(ContactFormSchema),
    defaultValues: contactFormValues(contact, fields),
    uniqueField: 'email',
    save: async (values) => {
      const custom = customFieldsBody(values, fields);
      if ('problems' in custom) {
        for (const [name, message] of Object.entries(custom.problems))
          form.setError(name as `custom.${string}`, { message });
        return;
      }
      try {
        if (contact) await updateContact(contact.id, contactUpdateBody(values, contact.version, custom.customFields));
        else await createContact(contactBody(values, custom.customFields));
      } catch (error) {
        // A tag or a custom value the server refused: shown on its field.
        const refused =
          error instanceof ApiError && error.status === 400 ? error.envelope?.error.details?.fields : null;
        const named = Object.entries(refused ?? {}).filter(
          ([name]) => name === 'tags' || name.startsWith('customFields.'),
        );
        if (named.length === 0) throw error;
        for (const [name, [message]] of named)
          form.setError(name.replace(/^customFields\./, 'custom.') as 'tags', {
            message: message ?? 'Please check this field',
          });
        return;
      }
      toast({ title: editing ? 'Contact updated' : 'Contact added successfully' });
      onSaved();
      onClose();
    },
    failed: {
      title: editing ? 'Failed to update contact. Please try again.' : 'Failed to add contact. Please try again.',
    },
  });
  const { register, control } = form;
  const { errors, isSubmitting } = form.formState;

  const text = (
    name: 'email' | 'firstName' | 'lastName' | 'phone' | 'address',
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
      <div className="sm:col-span-2">
        <FormField
          id="contact-tags"
          label="Tags"
          hint="Enter or a comma adds a tag"
          error={(errors.tags as { message?: string } | undefined)?.message}
        >
          {(p) => (
            <Controller
              control={control}
              name="tags"
              render={({ field }) => <TagInput control={p} value={field.value} onChange={field.onChange} />}
            />
          )}
        </FormField>
      </div>
      {fields.map((f) => (
        <CustomFieldInput
          key={f.key}
          field={f}
          error={errors.custom?.[f.key]?.message}
          register={() => register(`custom.${f.key}`)}
        />
      ))}
    </FormDialog>
  );
}

type CustomInputProps = { field: CustomField; error: string | undefined; register: () => UseFormRegisterReturn };

/** A custom field's input, by its type: text, a number (typed as text, checked on save), a date, yes/no. */
function CustomFieldInput({ field, error, register }: CustomInputProps) {
  return (
    <FormField
      id={`contact-custom-${field.key}`}
      label={field.name}
      error={error}
      {...(field.type === 'date' ? { hint: 'YYYY-MM-DD' } : {})}
    >
      {(p) =>
        field.type === 'boolean' ? (
          <select {...p} className={controlClass} {...register()}>
            <option value="">—</option>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </select>
        ) : (
          <input
            {...p}
            type={field.type === 'date' ? 'date' : 'text'}
            inputMode={field.type === 'number' ? 'decimal' : undefined}
            autoComplete="off"
            className={controlClass}
            {...register()}
          />
        )
      }
    </FormField>
  );
}

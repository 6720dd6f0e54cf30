/** Confirms deleting a contact; it leaves every list, its form submissions stay. */
import type { Contact } from '@lp/contracts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-dialog';
import { deleteContact } from '../api/delete-contact';

type Props = { contact: Contact | null; onClose: () => void; onDeleted: () => void };

export function DeleteContactDialog({ contact, onClose, onDeleted }: Props) {
  return (
    <ConfirmActionDialog
      open={contact !== null}
      title="Delete Contact"
      message={contact ? `Delete ${contact.email}? It is removed from every list.` : undefined}
      confirmLabel="Delete"
      onClose={onClose}
      action={async () => contact && (await deleteContact(contact.id))}
      done={{ title: 'Contact deleted' }}
      afterDone={onDeleted}
      failed={{ title: 'Failed to delete contact. Please try again.' }}
    />
  );
}

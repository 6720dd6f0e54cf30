/** Confirms deleting a contact; it leaves every list, its form submissions stay. */
import { useState } from 'react';
import type { Contact } from '@lp/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/toast/toast-store';
import { deleteContact } from '../api/delete-contact';

type Props = { contact: Contact | null; onClose: () => void; onDeleted: () => void };

export function DeleteContactDialog({ contact, onClose, onDeleted }: Props) {
  const [busy, setBusy] = useState(false);
  const onDelete = async () => {
    if (!contact) return;
    setBusy(true);
    try {
      await deleteContact(contact.id);
      toast({ title: 'Contact deleted' });
      onDeleted();
      onClose();
    } catch {
      toast({ title: 'Failed to delete contact. Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={contact !== null}
      title="Delete Contact"
      message={contact ? `Delete ${contact.email}? It is removed from every list.` : undefined}
      confirmLabel="Delete"
      onConfirm={() => void onDelete()}
      onCancel={onClose}
      busy={busy}
    />
  );
}

/** The contacts screen's dialogs, one open at a time: add, edit, history, add to list, delete, import. */
import type { Contact } from '@lp/contracts';
import { AddToListDialog } from './add-to-list-dialog';
import { ContactFormDialog } from './contact-form-dialog';
import { ContactHistoryDialog } from './contact-history-dialog';
import { DeleteContactDialog } from './delete-contact-dialog';
import { ImportContactsDialog } from './import-contacts-dialog';

export type OpenDialog =
  | { kind: 'add' | 'import' }
  | { kind: 'edit' | 'history' | 'delete'; contact: Contact }
  | { kind: 'list'; ids: number[] }
  | null;

type Props = { open: OpenDialog; onClose: () => void; onChanged: () => void };

export function ContactDialogs({ open, onClose, onChanged }: Props) {
  const contactOf = (kind: 'edit' | 'history' | 'delete') =>
    open && 'contact' in open && open.kind === kind ? open.contact : null;
  const editing = contactOf('edit');
  return (
    <>
      <ContactFormDialog
        open={open?.kind === 'add' || open?.kind === 'edit'}
        contactId={editing?.id}
        onClose={onClose}
        onSaved={onChanged}
      />
      <ContactHistoryDialog contact={contactOf('history')} onClose={onClose} />
      <DeleteContactDialog contact={contactOf('delete')} onClose={onClose} onDeleted={onChanged} />
      <AddToListDialog contactIds={open?.kind === 'list' ? open.ids : null} onClose={onClose} onAdded={onChanged} />
      <ImportContactsDialog open={open?.kind === 'import'} onClose={onClose} onImported={onChanged} />
    </>
  );
}

/**
 * The contacts screen's dialogs, one open at a time: add, edit, history, add to list, delete,
 * import, the custom fields, and the bulk actions on the selection (remove from list, change status, delete).
 */
import type { Contact } from '@lp/contracts';
import type { BulkTarget } from '../lib/bulk-target';
import { AddToListDialog } from './add-to-list-dialog';
import { BulkActionDialog, type BulkKind } from './bulk-action-dialog';
import { ContactFormDialog } from './contact-form-dialog';
import { ContactHistoryDialog } from './contact-history-dialog';
import { CustomFieldsDialog } from './custom-fields-dialog';
import { DeleteContactDialog } from './delete-contact-dialog';
import { ImportContactsDialog } from './import-contacts-dialog';

export type OpenDialog =
  | { kind: 'add' | 'import' | 'fields' }
  | { kind: 'edit' | 'history' | 'delete'; contact: Contact }
  | { kind: 'list'; target: BulkTarget }
  | { kind: 'bulk'; action: BulkKind; target: BulkTarget }
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
      <AddToListDialog target={open?.kind === 'list' ? open.target : null} onClose={onClose} onAdded={onChanged} />
      <BulkActionDialog
        kind={open?.kind === 'bulk' ? open.action : null}
        target={open?.kind === 'bulk' ? open.target : null}
        onClose={onClose}
        onDone={onChanged}
      />
      <ImportContactsDialog open={open?.kind === 'import'} onClose={onClose} onImported={onChanged} />
      <CustomFieldsDialog open={open?.kind === 'fields'} onClose={onClose} onChanged={onChanged} />
    </>
  );
}

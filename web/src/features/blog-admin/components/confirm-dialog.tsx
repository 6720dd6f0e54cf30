/**
 * A confirmation of a destructive action on the shared Dialog: the question as its
 * description, Cancel and the action. Focus starts on Cancel, the safe choice; Escape and the
 * close button cancel; focus returns to what had it when the dialog closes.
 */
import { useRef } from 'react';
import { Dialog, dialogButton } from '../../../components/ui/dialog';

type Props = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({ open, title, message, confirmLabel, onConfirm, onCancel }: Props) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      title={title}
      description={message}
      onClose={onCancel}
      initialFocus={cancelRef}
      footer={
        <>
          <button ref={cancelRef} type="button" onClick={onCancel} className={dialogButton.cancel}>
            Cancel
          </button>
          <button type="button" onClick={onConfirm} className={dialogButton.danger}>
            {confirmLabel}
          </button>
        </>
      }
    />
  );
}

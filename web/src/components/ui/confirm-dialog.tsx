/**
 * A confirmation of a destructive action on the shared Dialog: the question as its
 * description, Cancel and the action. Focus starts on Cancel, the safe choice; Escape and the
 * close button cancel; focus returns to what had it when the dialog closes. While the action is
 * under way (`busy`) its button is disabled, so a second click never sends it twice.
 */
import { useRef } from 'react';
import { Dialog, DialogActions } from './dialog';

type Props = {
  open: boolean;
  title: string;
  message: string | undefined;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
};

export function ConfirmDialog({ open, title, message, confirmLabel, onConfirm, onCancel, busy = false }: Props) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      title={title}
      description={message}
      onClose={onCancel}
      initialFocus={cancelRef}
      footer={
        <DialogActions
          onCancel={onCancel}
          cancelRef={cancelRef}
          action={{ label: confirmLabel, onClick: onConfirm, disabled: busy, danger: true }}
        />
      }
    />
  );
}

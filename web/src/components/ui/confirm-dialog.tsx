/**
 * A confirmation of a destructive action on the shared Dialog: the question as its
 * description, Cancel and the action. Focus starts on Cancel, the safe choice; Escape and the
 * close button cancel; focus returns to what had it when the dialog closes. While the action is
 * under way (`busy`) its button is disabled, so a second click never sends it twice.
 *
 * `ConfirmActionDialog` runs the action itself: busy while it runs, then the `done` toast,
 * `afterDone` (reloads) and the dialog closed; on failure the `failed` toast, the dialog kept.
 */
import { useRef, useState } from 'react';
import { toast, type ToastInput } from '../toast/toast-store';
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

type ActionProps = Omit<Props, 'onConfirm' | 'onCancel' | 'busy'> & {
  onClose: () => void;
  action: () => Promise<unknown>;
  done: ToastInput;
  afterDone?: () => unknown;
  failed: Omit<ToastInput, 'variant'>;
};

export function ConfirmActionDialog({ onClose, action, done, afterDone, failed, ...dialog }: ActionProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await action();
      toast(done);
      await afterDone?.();
      onClose();
    } catch {
      toast({ ...failed, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return <ConfirmDialog {...dialog} onConfirm={() => void run()} onCancel={onClose} busy={busy} />;
}

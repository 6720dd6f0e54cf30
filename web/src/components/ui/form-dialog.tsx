/**
 * A form in the shared Dialog: the form as its body (its own id, so the footer's submit button,
 * outside it, still submits it), a footer of Cancel and the submit button, which is disabled
 * while the submission is `pending` so a second click never sends it twice. `notice` goes above
 * the form (a stale-copy alert). Focus, Escape and the close button are the Dialog's.
 *
 * `RecordFormDialog` opens a form afresh on each opening: empty for a new record, else with the
 * record as stored now (read when the dialog opens, a spinner meanwhile and the failure in its
 * place); `onLoadStored` reads it again and starts the form over from that copy.
 */
import { ErrorAlert } from './error-state';
import { useState, type FormEventHandler, type ReactNode, type RefObject } from 'react';
import { useStoredRecord } from '../../lib/use-stored-record';
import { errorMessage } from '../../lib/error-message';
import { Dialog, DialogActions } from './dialog';
import { Spinner } from './spinner';

type Props = {
  open?: boolean;
  title: string;
  description?: string;
  onClose: () => void;
  formId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: ReactNode;
  pending?: boolean;
  /** A destructive submission (Delete): the red button. */
  danger?: boolean;
  /** Where focus starts (Cancel for a destructive one); else the first control. */
  cancelRef?: RefObject<HTMLButtonElement | null>;
  formClassName?: string;
  notice?: ReactNode;
  /** A wide dialog (a form of many rows). */
  wide?: boolean;
  children: ReactNode;
};

export function FormDialog({
  open = true,
  title,
  description,
  onClose,
  formId,
  onSubmit,
  submitLabel,
  pending = false,
  danger = false,
  cancelRef,
  formClassName = 'grid gap-4',
  notice,
  wide,
  children,
}: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      wide={wide}
      initialFocus={cancelRef}
      footer={
        <DialogActions
          onCancel={onClose}
          cancelRef={cancelRef}
          action={{ label: submitLabel, form: formId, disabled: pending, danger }}
        />
      }
    >
      {notice}
      <form id={formId} noValidate onSubmit={onSubmit} className={formClassName}>
        {children}
      </form>
    </Dialog>
  );
}

type RecordProps<T> = {
  open: boolean;
  /** The stored record's URL; none for a new one. */
  url: string | undefined;
  title: string;
  loadingLabel: string;
  failedMessage: string;
  onClose: () => void;
  /** The form, for the record as stored (undefined: a new one). */
  form: (record: T | undefined, onLoadStored?: () => void) => ReactNode;
};

/** Mounted only while open, so no opening inherits the form of the one before. */
export function RecordFormDialog<T>({ open, url, ...rest }: RecordProps<T>) {
  const [reads, setReads] = useState(0);
  if (!open) return null;
  if (url === undefined) return rest.form(undefined);
  return (
    <StoredRecordForm<T> key={`${url}-${reads}`} url={url} onLoadStored={() => setReads((n) => n + 1)} {...rest} />
  );
}

function StoredRecordForm<T>({
  url,
  title,
  loadingLabel,
  failedMessage,
  onClose,
  form,
  onLoadStored,
}: Omit<RecordProps<T>, 'open'> & { url: string; onLoadStored: () => void }) {
  const stored = useStoredRecord<T>(url);
  if (stored.data) return form(stored.data, onLoadStored);
  return (
    <Dialog open onClose={onClose} title={title} footer={<DialogActions onCancel={onClose} />}>
      {stored.loading ? (
        <Spinner label={loadingLabel} />
      ) : (
        <ErrorAlert>{errorMessage(stored.error, failedMessage)}</ErrorAlert>
      )}
    </Dialog>
  );
}

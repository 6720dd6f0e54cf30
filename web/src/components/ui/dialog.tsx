/**
 * A modal dialog on the native <dialog> (focus is trapped, Escape closes): a title, an optional
 * description, the body and a footer of actions. Focus returns to what had it on close.
 */
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

type Props = {
  open: boolean;
  title: string;
  description?: string;
  onClose: () => void;
  children?: ReactNode;
  footer?: ReactNode;
  /** Wide dialogs hold tables (a list's contacts, a contact's history). */
  wide?: boolean;
  /** Where focus starts (a confirmation starts on Cancel, the safe choice); else the first control. */
  initialFocus?: RefObject<HTMLElement | null>;
};

export function Dialog({ open, title, description, onClose, children, footer, wide, initialFocus }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previous = document.activeElement as HTMLElement | null;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    initialFocus?.current?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      previous?.focus?.();
    };
  }, [open, initialFocus]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`${wide ? 'w-[min(48rem,calc(100vw-1rem))]' : 'w-[min(32rem,calc(100vw-1rem))]'} m-auto max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-xl bg-white p-0 shadow-xl backdrop:bg-stone-900/50`}
    >
      <div className="flex items-start justify-between gap-4 border-b border-stone-200 px-5 py-4">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold break-words text-stone-900">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="mt-1 text-sm text-stone-600">
              {description}
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="grid size-9 shrink-0 place-items-center rounded-md text-xl text-stone-600 hover:bg-stone-100"
        >
          ×
        </button>
      </div>
      {children !== undefined && children !== null && <div className="px-5 py-4">{children}</div>}
      {footer && <div className="flex flex-wrap justify-end gap-3 border-t border-stone-200 px-5 py-3">{footer}</div>}
    </dialog>
  );
}

/** Buttons of a dialog's footer; the dashboard's pages use the same two beside their dialogs. */
export const dialogButton = {
  cancel:
    'min-h-10 rounded-md px-4 font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-60',
  primary:
    'min-h-10 rounded-md bg-lake-800 px-4 font-semibold text-white hover:bg-lake-900 disabled:cursor-not-allowed disabled:opacity-60',
  danger:
    'min-h-10 rounded-md bg-red-700 px-4 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60',
} as const;

type Action = {
  label: ReactNode;
  /** A submit button of this form (outside it, in the footer); else a button running `onClick`. */
  form?: string;
  onClick?: () => void;
  /** While the action is under way: a second click never sends it twice. */
  disabled?: boolean;
  danger?: boolean;
};

/** A dialog footer's Cancel and, when there is one, its action. */
export function DialogActions({
  onCancel,
  cancelRef,
  action,
}: {
  onCancel: () => void;
  cancelRef?: RefObject<HTMLButtonElement | null>;
  action?: Action;
}) {
  return (
    <>
      <button ref={cancelRef} type="button" onClick={onCancel} className={dialogButton.cancel}>
        Cancel
      </button>
      {action && (
        <button
          type={action.form ? 'submit' : 'button'}
          form={action.form}
          onClick={action.onClick}
          disabled={action.disabled}
          className={action.danger ? dialogButton.danger : dialogButton.primary}
        >
          {action.label}
        </button>
      )}
    </>
  );
}

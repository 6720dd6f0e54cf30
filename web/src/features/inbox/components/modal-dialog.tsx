/**
 * A modal dialog (native <dialog>: focus is trapped, Escape closes) with a title and a close
 * button; focus returns to what had it when the dialog closes. Kept in the inbox feature until
 * the dashboard has a shared one.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

type Props = { open: boolean; title: ReactNode; onClose: () => void; children: ReactNode; wide?: boolean };

export function ModalDialog({ open, title, onClose, children, wide }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previous = document.activeElement as HTMLElement | null;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] ${wide ? 'w-[min(56rem,calc(100vw-1rem))]' : 'w-[min(32rem,calc(100vw-1rem))]'} overflow-y-auto rounded-xl bg-white p-0 shadow-xl backdrop:bg-stone-900/50`}
    >
      <div className="flex items-start justify-between gap-4 border-b border-stone-200 px-4 py-3 sm:px-6">
        <h2 id={titleId} className="min-w-0 text-lg font-semibold break-words text-stone-900">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-md text-stone-600 hover:bg-stone-100"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M5 5l10 10M15 5L5 15" />
          </svg>
        </button>
      </div>
      <div className="px-4 py-4 sm:px-6">{children}</div>
    </dialog>
  );
}

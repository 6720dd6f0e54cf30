/** A modal dialog (native <dialog>: focus trapped, Escape closes) with a title and free content. */
import { useEffect, useRef, type ReactNode } from 'react';

export function Modal({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d || !open) return;
    if (typeof d.showModal === 'function') d.showModal();
    else d.setAttribute('open', '');
    return () => {
      if (typeof d.close === 'function' && d.open) d.close();
      else d.removeAttribute('open');
    };
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby="modal-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="w-[min(32rem,calc(100vw-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-stone-900/50"
    >
      <h2 id="modal-title" className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </dialog>
  );
}

export const buttonClass = {
  primary:
    'min-h-10 rounded-md bg-lake-800 px-4 font-semibold text-white hover:bg-lake-900 disabled:cursor-not-allowed disabled:opacity-50',
  secondary:
    'min-h-10 rounded-md px-4 font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50 disabled:opacity-50',
};

/**
 * One toast: auto-dismisses after its duration (paused while hovered or focused), can be closed
 * with its button or Escape, or swiped right past 50 px. Its text is not selectable: a swipe
 * would select it, and the next swipe would then start a native drag that cancels the pointer.
 */
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { dismissToast, type ToastItem } from './toast-store';

const SWIPE_THRESHOLD_PX = 50;

const VARIANTS = {
  default: 'border-stone-200 bg-white text-stone-900',
  destructive: 'border-red-700 bg-red-700 text-white',
} as const;

export function ToastCard({ toast }: { toast: ToastItem }) {
  const [paused, setPaused] = useState(false);
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);
  // The release decides on the latest move, which a fast flick may not have rendered yet.
  const offset = useRef(0);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [paused, toast.id, toast.durationMs]);

  const onPointerDown = (e: PointerEvent<HTMLLIElement>) => {
    if ((e.target as HTMLElement).closest('button')) return;
    start.current = e.clientX;
    offset.current = 0;
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLLIElement>) => {
    if (start.current === null) return;
    offset.current = Math.max(0, e.clientX - start.current);
    setDx(offset.current);
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    if (offset.current > SWIPE_THRESHOLD_PX) dismissToast(toast.id);
    else setDx(0);
  };

  return (
    <li
      data-toast
      tabIndex={0}
      aria-atomic="true"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(e) => e.key === 'Escape' && dismissToast(toast.id)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      style={dx ? { transform: `translateX(${dx}px)` } : undefined}
      className={`pointer-events-auto relative flex w-full touch-pan-y select-none items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 motion-safe:animate-[toast-in_200ms_ease-out] ${VARIANTS[toast.variant]}`}
    >
      <div className="grid gap-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && <p className="text-sm opacity-90">{toast.description}</p>}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label="Close notification"
        className="absolute right-2 top-2 grid size-7 place-items-center rounded-md opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M18 6 6 18M6 6l12 12" />
        </svg>
      </button>
    </li>
  );
}

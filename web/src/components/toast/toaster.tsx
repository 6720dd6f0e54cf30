/**
 * The toast viewport: a labelled region (F8 focuses it), at most 420px wide on md+ screens.
 * Announcements use one mechanism: two live lists that stay in the page (a live region added
 * together with its content is often not read), polite for default toasts and assertive for
 * destructive ones. The toasts themselves carry no live role, so nothing is read twice.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { getServerToasts, getToasts, subscribeToasts } from './toast-store';
import { ToastCard } from './toast-card';

export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        const first = regionRef.current?.querySelector<HTMLElement>('[data-toast]');
        (first ?? regionRef.current)?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section
      ref={regionRef}
      aria-label="Notifications (F8)"
      tabIndex={-1}
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex max-h-screen flex-col p-4 outline-none sm:bottom-0 sm:top-auto sm:flex-col-reverse md:left-auto md:right-0 md:max-w-[420px]"
    >
      {(['polite', 'assertive'] as const).map((live) => (
        <ol key={live} className="flex flex-col gap-2" aria-live={live} aria-relevant="additions text">
          {toasts
            .filter((t) => (t.variant === 'destructive') === (live === 'assertive'))
            .map((t) => (
              <ToastCard key={t.id} toast={t} />
            ))}
        </ol>
      ))}
    </section>
  );
}

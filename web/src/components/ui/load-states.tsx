/**
 * A staff list's states before its rows, centred in its place: loading (a polite status) and
 * a load failure (an alert with Try again); and a note for an answer that is slow to come.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { button } from './styles';

export function LoadingText({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="py-10 text-center text-stone-700">
      {children}
    </p>
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="py-10 text-center">
      <p className="text-red-700">{message}</p>
      <button type="button" className={`${button.secondary} mt-4`} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** After this long loading, a view says why it is still loading. */
export const SLOW_LOAD_AFTER_MS = 3000;

/**
 * Said (politely, as a status) once `loading` has lasted SLOW_LOAD_AFTER_MS, and gone when it
 * ends (e.g. an answer the server works out at length the first time it is asked).
 */
export function SlowLoadNote({ loading, children }: { loading: boolean; children: ReactNode }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!loading) return setSlow(false);
    const timer = setTimeout(() => setSlow(true), SLOW_LOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  return slow ? (
    <p role="status" className="text-sm text-stone-700">
      {children}
    </p>
  ) : null;
}

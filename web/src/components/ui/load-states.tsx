/**
 * A staff list's states before its rows, centred in its place: loading (a polite status) and
 * a load failure (an alert with Try again).
 */
import type { ReactNode } from 'react';
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

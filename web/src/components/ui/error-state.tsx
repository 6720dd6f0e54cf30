import type { ReactNode } from 'react';
/** A load failure: the message in an alert, with a retry button when one is given. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-red-50 p-3 text-red-800"
    >
      <p>{message}</p>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="min-h-10 rounded-md bg-white px-3 text-sm font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-100"
        >
          Try again
        </button>
      )}
    </div>
  );
}

/** A failure said in an alert, without a retry (a dialog's or a section's). */
export function ErrorAlert({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={`rounded-md bg-red-50 p-3 text-red-800 ${className}`}>
      {children}
    </p>
  );
}

/**
 * Shown in an edit dialog whose save was refused because the record changed since it was opened
 * (409): the server's message, a word that what was typed is kept, and a way to load the stored
 * version instead (which replaces what was typed, so it is the person's choice).
 */
import { useEffect, useRef } from 'react';
import { button } from './styles';

export function StaleCopyAlert({ message, onLoadStored }: { message: string; onLoadStored: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // The save button sits at the foot of a long form (a phone scrolls the dialog): bring the news into view.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [message]);
  return (
    <div ref={ref} role="alert" className="mb-4 rounded-md bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-300">
      <p className="font-semibold">{message}</p>
      <p className="mt-1 text-sm">
        What you typed is still here. Load the stored version to see the other change (it replaces what you typed).
      </p>
      <button type="button" className={`${button.secondary} mt-2`} onClick={onLoadStored}>
        Load stored version
      </button>
    </div>
  );
}

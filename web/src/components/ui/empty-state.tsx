/** What a screen shows when it has nothing to list: a message and, optionally, what to do next. */
import type { ReactNode } from 'react';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <p className="text-lg font-semibold text-stone-800">{title}</p>
      {children && <div className="mt-2 text-stone-600">{children}</div>}
    </div>
  );
}

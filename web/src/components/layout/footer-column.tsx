/** A titled list of links in the footer. */
import type { ReactNode } from 'react';

export function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <ul className="space-y-2">{children}</ul>
    </div>
  );
}

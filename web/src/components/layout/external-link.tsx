/** A link to another site, opened in a new tab, that says so to screen readers. */
import type { ReactNode } from 'react';

type Props = { href: string; className?: string; children: ReactNode; onClick?: () => void };

export function ExternalLink({ href, className, children, onClick }: Props) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className} onClick={onClick}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * A link to a section of the home page (`/#anchor`). It works without JavaScript; with it,
 * it uses the spec's anchor navigation (smooth scroll, 100 ms delay from other pages).
 */
import type { MouseEvent, ReactNode } from 'react';
import { useAnchorNavigation } from '../../lib/use-anchor-navigation';

type Props = { anchor: string; className?: string; children: ReactNode; onNavigate?: () => void };

export function AnchorLink({ anchor, className, children, onNavigate }: Props) {
  const goTo = useAnchorNavigation();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onNavigate?.();
    goTo(anchor);
  };
  return (
    <a href={`/#${anchor}`} onClick={onClick} className={className}>
      {children}
    </a>
  );
}

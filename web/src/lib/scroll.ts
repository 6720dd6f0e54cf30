/**
 * Scrolling that respects `prefers-reduced-motion`: smooth by default, instant when the
 * visitor asked for less motion.
 */
function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}

/** Scrolls to the element with this id and moves focus there for keyboard users. */
function scrollToAnchor(anchor: string): boolean {
  const el = document.getElementById(anchor);
  if (!el) return false;
  el.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
  return true;
}

export function scrollToTop(behavior: ScrollBehavior = scrollBehavior()): void {
  window.scrollTo({ top: 0, left: 0, behavior });
}

/**
 * Scrolls to an anchor once its element exists: after a navigation the target page may still
 * be loading its chunk, so look again every 50 ms for up to 3 s.
 */
export function scrollToAnchorWhenReady(anchor: string, timeoutMs = 3000): void {
  const deadline = Date.now() + timeoutMs;
  const attempt = () => {
    if (scrollToAnchor(anchor) || Date.now() > deadline) return;
    setTimeout(attempt, 50);
  };
  attempt();
}
